import { createContext, useContext } from 'react'
import { localeIds, type ImageSize, type LocaleId, type SocialSettingName } from '@emporia/shared'
import { escapeText } from './props'

/** What the current request is filtering and sorting by (collection and search pages). */
export interface ListingQuery {
  q?: string
  category?: string
  min?: number
  max?: number
  sort?: string
}

/** One step of the site path (breadcrumbs) the server knows for the page: a category, a product. */
export interface Crumb {
  name: string
  href?: string
}

/**
 * Everything a theme component needs besides its own props: the language, the prefix of the shop's own
 * links (`/s/{subdomain}` on the path fallback), where media files live and how rich text is cleaned.
 * The server and the editor's preview each provide one; defaults render safely on their own.
 */
export interface ThemeRenderContext {
  locale: LocaleId
  /** Prefix of the shop's own links: '' on the shop's host, `/s/{subdomain}` on the path fallback. */
  base: string
  shopName: string
  /** The theme's logo (imageRef), shown by logo menu items. */
  logo?: unknown
  /** The current path inside the shop (without the base), for the language links and the filter form. */
  path: string
  /** Address of an uploaded image in one srcset size and format (§9.6). */
  imageUrl: (attachment: string, size?: ImageSize, format?: 'webp' | 'jpg') => string
  /** Address of an uploaded file as stored (videos). */
  fileUrl: (attachment: string) => string
  /** Rich text made safe for the page. The default keeps no markup at all. */
  sanitizeHtml: (html: string) => string
  /** Category names the product filter offers when its own list is empty. */
  categories: readonly string[]
  listing: ListingQuery
  crumbs: readonly Crumb[]
  /** A product page's chosen SKU (`?sku=`): the SKU picker's choice when the page has no script. */
  sku?: string
  /** Currency symbol shown before prices (§9.1: HKD, `$`). */
  currency: string
  /** The languages the shop offers (settings/ui): the language menu lists these, none when only one. */
  locales: readonly LocaleId[]
  /** The shop's social links (settings/social), shown in the footer; unset ones are left out. */
  social?: Partial<Record<SocialSettingName, string | null>>
}

export const defaultRenderContext: ThemeRenderContext = {
  locale: 'cht',
  base: '',
  shopName: '',
  path: '/',
  imageUrl: (attachment, size, format = 'webp') =>
    size ? `/api/files/${attachment}.${size}.${format}` : `/api/files/${attachment}`,
  fileUrl: (attachment) => `/api/files/${attachment}`,
  // Without a sanitizer markup is shown as text: safe whoever renders.
  sanitizeHtml: escapeText,
  categories: [],
  listing: {},
  crumbs: [],
  currency: '$',
  locales: localeIds
}

const RenderContext = createContext<ThemeRenderContext>(defaultRenderContext)

export const ThemeContextProvider = RenderContext.Provider
/** The render context; server rendering reads it too (no browser-only hooks). */
export const useRenderContext = () => useContext(RenderContext)

/** A render context with the given fields over the defaults. */
export const renderContext = (given: Partial<ThemeRenderContext>): ThemeRenderContext => ({ ...defaultRenderContext, ...given })
