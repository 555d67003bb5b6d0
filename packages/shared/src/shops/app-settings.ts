import { Type } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/*
 * The shop's installable app (spec §2.2 app; decision 0202): a Progressive Web App of its storefront.
 * Flat fields spread into the shop schema like the site settings: one form field and one column each,
 * null clears one. The storefront offers the app (manifest, service worker, install prompt) only when
 * the shop has the `app` feature and the app has a name and an icon.
 */

/** `#rrggbb`: what a web manifest's colours and the preview take. */
export const APP_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$'
/** A page path without parameters: the app opens on one of the shop's own pages. */
export const APP_START_PATTERN = '^/$|^(/[A-Za-z0-9._~-]{1,100}){1,10}$'

/**
 * What the installed app shows besides its start page: shortcuts on its icon's menu (manifest `shortcuts`);
 * `topics` opens the shop's published topic pages (decision 0208).
 */
export const appShortcutNames = ['cart', 'account', 'topics'] as const
export type AppShortcut = (typeof appShortcutNames)[number]

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))
const colour = () => nullable(Type.String({ pattern: APP_COLOUR_PATTERN, maxLength: 7 }))

export const appSettingsFields = {
  /** The app's name under its icon and on its splash screen (manifest `name`). */
  appName: nullable(Type.String({ minLength: 1, maxLength: 45 })),
  /** Where the name does not fit (manifest `short_name`); the name when unset. */
  appShortName: nullable(Type.String({ minLength: 1, maxLength: 12 })),
  /** A square picture of the shop's media library; every size (and the maskable one) is made from it. */
  appIcon: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { ref: 'attachments' })),
  /** The bar above the app (manifest `theme_color`). */
  appThemeColor: colour(),
  /** The splash screen's background (manifest `background_color`). */
  appBackgroundColor: colour(),
  /** The page the app opens on; the home page when unset. */
  appStartPage: nullable(Type.String({ pattern: APP_START_PATTERN, maxLength: 1000 })),
  /** The shortcuts the app's icon offers. */
  appShortcuts: Type.Optional(
    Type.Array(Type.Union(appShortcutNames.map((name) => Type.Literal(name))), {
      uniqueItems: true,
      maxItems: appShortcutNames.length
    })
  )
}
export type AppSettingName = keyof typeof appSettingsFields
export const appSettingNames = Object.keys(appSettingsFields) as AppSettingName[]

export interface AppSettings {
  appName?: string | null
  appShortName?: string | null
  appIcon?: string | null
  appThemeColor?: string | null
  appBackgroundColor?: string | null
  appStartPage?: string | null
  appShortcuts?: AppShortcut[] | null
}

/** The defaults the manifest and the preview use for what the merchant left unset. */
export const APP_DEFAULT_THEME = '#1976d2'
export const APP_DEFAULT_BACKGROUND = '#ffffff'

/** Whether the app is set up enough to be offered: a name and an icon. */
export const appConfigured = (shop: AppSettings) => Boolean(shop.appName && shop.appIcon)

/** The icon sizes the manifest lists (px): the usual launcher sizes, 192 and 512 being the required ones. */
export const appIconSizes = [48, 72, 96, 144, 192, 256, 384, 512] as const
