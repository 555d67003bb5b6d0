import { Type } from '@sinclair/typebox'
import { defaultLocale, localeIds, type LocaleId } from '../i18n/locales'
import { PHONE_PATTERN, WEB_URL_PATTERN } from '../platform/patterns'

/*
 * settings/social and settings/ui (issue 18; decision 0113): the shop's social links, shown in the
 * storefront's footer, and how its storefront shows the catalogue. Flat fields spread into the shop
 * schema like the checkout and POS settings, so each is one form field and one column; null clears one.
 */

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))
const link = () => nullable(Type.String({ maxLength: 500, pattern: WEB_URL_PATTERN }))

/** The social links, in the order the footer shows them. */
export const socialSettingsFields = {
  socialFacebook: link(),
  socialInstagram: link(),
  /** A phone number; the storefront links it as https://wa.me/<digits>. */
  socialWhatsapp: nullable(Type.String({ maxLength: 20, pattern: PHONE_PATTERN })),
  socialYoutube: link(),
  socialX: link(),
  /** The shop's LINE link (https://line.me/R/ti/p/@…), as LINE gives it. */
  socialLine: link(),
  /** A WeChat ID (6–20 characters, starting with a letter): WeChat has no web link, so it is shown as text. */
  socialWechat: nullable(Type.String({ maxLength: 20, pattern: '^[A-Za-z][A-Za-z0-9_-]{5,19}$' })),
  socialEmail: nullable(Type.String({ format: 'email', maxLength: 254 }))
}
export type SocialSettingName = keyof typeof socialSettingsFields
export const socialSettingNames = Object.keys(socialSettingsFields) as SocialSettingName[]

/** How product pictures are cropped on the storefront's cards (width:height). */
export const productImageRatios = ['1:1', '4:3', '3:4', '16:9'] as const
export type ProductImageRatio = (typeof productImageRatios)[number]

const localeSchema = Type.Union(localeIds.map((id) => Type.Literal(id)))

export const uiSettingsFields = {
  /** The storefront's language for a visitor whose browser asks for none it offers; cht when unset. */
  uiDefaultLocale: Type.Optional(localeSchema),
  /** The languages the storefront offers (its language switch); all three when unset. */
  uiLocales: Type.Optional(Type.Array(localeSchema, { minItems: 1, maxItems: localeIds.length, uniqueItems: true })),
  /** Products on one collection or search page, 4–100; 24 when unset. */
  uiProductsPerPage: Type.Optional(Type.Union([Type.Integer({ minimum: 4, maximum: 100 }), Type.Null()])),
  /** Show "n left" on product pages (off: only in stock / sold out). */
  uiShowStock: Type.Optional(Type.Boolean()),
  /** List sold-out products (marked sold out) rather than hide them; on when unset. */
  uiShowSoldOut: Type.Optional(Type.Boolean()),
  uiProductImageRatio: Type.Optional(Type.Union(productImageRatios.map((value) => Type.Literal(value))))
}
export type UiSettingName = keyof typeof uiSettingsFields
export const uiSettingNames = Object.keys(uiSettingsFields) as UiSettingName[]

/** Both groups, as spread into the shop schema. */
export const siteSettingsFields = { ...socialSettingsFields, ...uiSettingsFields }
export const siteSettingNames = [...socialSettingNames, ...uiSettingNames]

export interface UiSettings {
  uiDefaultLocale?: LocaleId | null
  uiLocales?: LocaleId[] | null
  uiProductsPerPage?: number | null
  uiShowStock?: boolean | null
  uiShowSoldOut?: boolean | null
  uiProductImageRatio?: ProductImageRatio | null
}

/** The storefront's UI settings with the defaults filled in: what the storefront reads. */
export const storefrontUi = (shop: UiSettings) => {
  const locales = shop.uiLocales?.length ? shop.uiLocales : localeIds
  const wanted = shop.uiDefaultLocale ?? defaultLocale
  return {
    defaultLocale: locales.includes(wanted) ? wanted : locales[0],
    locales,
    productsPerPage: shop.uiProductsPerPage ?? 24,
    showStock: shop.uiShowStock ?? false,
    showSoldOut: shop.uiShowSoldOut ?? true,
    productImageRatio: shop.uiProductImageRatio ?? '1:1'
  }
}

export interface SiteSettingsProblem {
  field: 'uiDefaultLocale'
  key: 'ui.defaultLocaleOffered'
}

/** English wording of the rule (the server's message; clients translate the key). */
export const siteSettingsMessages: Record<SiteSettingsProblem['key'], string> = {
  'ui.defaultLocaleOffered': 'The default language must be one of the languages offered'
}

/** The rule across fields: the default language is one the storefront offers. Single fields are the schema's. */
export const siteSettingsProblem = (shop: UiSettings): SiteSettingsProblem | undefined => {
  const locales = shop.uiLocales?.length ? shop.uiLocales : localeIds
  const wanted = shop.uiDefaultLocale ?? defaultLocale
  return locales.includes(wanted) ? undefined : { field: 'uiDefaultLocale', key: 'ui.defaultLocaleOffered' }
}
