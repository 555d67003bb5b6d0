import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { imageRefSchema } from '../media/image-ref.schema'
import { fontFamilies } from '../pages/css-values'
import { menuItemsSchema } from '../pages/page.schema'
import { storedTextSchema } from '../shops/stored-text'
import { ID_PATTERN } from '../platform/ids'

/** The theme colours of spec §3.1, in its order. */
export const themeColorKeys = [
  'accent',
  'background',
  'disabledText',
  'error',
  'icon',
  'info',
  'primary',
  'primaryText',
  'secondary',
  'secondaryText',
  'success',
  'text',
  'theme',
  'warning'
] as const
export type ThemeColorKey = (typeof themeColorKeys)[number]

/** A colour as §5.6's colour field stores it (`#rrggbb` or `rgba(r, g, b, a)`); the service checks it with `parseColor`. */
const colorValue = Type.String({ minLength: 1, maxLength: 64 })

export const themeColorsSchema = Type.Object(
  Object.fromEntries(themeColorKeys.map((key) => [key, Type.Optional(colorValue)])) as Record<ThemeColorKey, TOptional<TString>>,
  { additionalProperties: false }
)
export type ThemeColors = Partial<Record<ThemeColorKey, string>>

/** A shop's storefront SEO defaults (spec §3.1 seo); a page's own SEO wins over them. */
export const siteSeoSchema = Type.Object(
  {
    title: Type.Optional(storedTextSchema),
    description: Type.Optional(storedTextSchema),
    keywords: Type.Optional(storedTextSchema)
  },
  { additionalProperties: false }
)

/**
 * The shop's theme (spec §2.10 menus and theme options, §3.1 theme colours and home page), one per shop.
 * It is the draft: the storefront shows what the last publish (`siteVersions`) copied of it.
 */
export const themeSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** The template the wizard installed (an id of `shopTemplates`), or null when built by hand. */
    template: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    colors: themeColorsSchema,
    font: Type.Optional(literals(fontFamilies)),
    logo: Type.Optional(Type.Union([imageRefSchema, Type.Null()])),
    favicon: Type.Optional(Type.Union([imageRefSchema, Type.Null()])),
    headerMenu: menuItemsSchema,
    footerMenu: menuItemsSchema,
    /** The header's and footer's own props (§3.15 header, footer), constants only. */
    header: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' }), Type.Unknown(), { maxProperties: 32 })
    ),
    footer: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' }), Type.Unknown(), { maxProperties: 32 })
    ),
    /** The page shown at `/` when no page has the path `/` (spec §3.1 home page). */
    homePage: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, ref: 'pages' }), Type.Null()])),
    seo: Type.Optional(siteSeoSchema),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Theme', additionalProperties: false }
)
export type Theme = Static<typeof themeSchema>
export type ThemeData = Omit<Theme, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ThemePatch = Partial<ThemeData>
