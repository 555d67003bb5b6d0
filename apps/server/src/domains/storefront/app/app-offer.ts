import { APP_DEFAULT_BACKGROUND, APP_DEFAULT_THEME, appConfigured, appIconSizes, pickTran, type LocaleId } from '@emporia/shared'
import type { StorefrontShop } from '../shop-by-host'

/** What the storefront's pages name of the installed app (decision 0202): in each page's head. */
export interface AppHead {
  manifest: string
  worker: string
  scope: string
  icon: string
  themeColor: string
}

/**
 * Whether a shop's storefront offers its app: the `app` feature (every feature with BILLING=off) and an
 * app with a name and an icon. Nothing of the app is served otherwise.
 */
export const appOffered = (shop: StorefrontShop, everyFeature = false) =>
  (everyFeature || shop.attributes?.app === true) && appConfigured(shop)

/** The app's links in the head of a page of `base` (the shop's own host: '', the path fallback: `/s/{sub}`). */
export const appHead = (shop: StorefrontShop, base: string, everyFeature = false): AppHead | undefined =>
  appOffered(shop, everyFeature)
    ? {
        manifest: `${base}/manifest.webmanifest`,
        worker: `${base}/sw.js`,
        scope: `${base}/`,
        icon: `${base}/_app/icon-192.png?v=${shop.appIcon}`,
        themeColor: shop.appThemeColor ?? APP_DEFAULT_THEME
      }
    : undefined

const SHORTCUT_PATHS = { cart: '/cart', account: '/account', topics: '/topics' } as const
const SHORTCUT_NAMES: Record<keyof typeof SHORTCUT_PATHS, Record<LocaleId, string>> = {
  cart: { en: 'Cart', cht: '購物車', chs: '购物车' },
  account: { en: 'My account', cht: '我的帳戶', chs: '我的账户' },
  topics: { en: 'Topics', cht: '專題', chs: '专题' }
}

/** The shop's web app manifest (W3C Web App Manifest), every address under the shop's own base. */
export const appManifest = (shop: StorefrontShop, base: string, locale: LocaleId) => {
  const version = `v=${shop.appIcon}`
  const icon = (size: number, purpose: 'any' | 'maskable') => ({
    src: `${base}/_app/icon-${purpose === 'maskable' ? 'maskable-' : ''}${size}.png?${version}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose
  })
  const name = shop.appName ?? pickTran(shop.name, locale)
  return {
    id: `${base}/`,
    name,
    short_name: shop.appShortName ?? name.slice(0, 12),
    lang: locale === 'en' ? 'en' : locale === 'chs' ? 'zh-Hans' : 'zh-Hant',
    start_url: `${base}${shop.appStartPage && shop.appStartPage !== '/' ? shop.appStartPage : '/'}`,
    scope: `${base}/`,
    display: 'standalone',
    theme_color: shop.appThemeColor ?? APP_DEFAULT_THEME,
    background_color: shop.appBackgroundColor ?? APP_DEFAULT_BACKGROUND,
    icons: [...appIconSizes.map((size) => icon(size, 'any')), icon(192, 'maskable'), icon(512, 'maskable')],
    shortcuts: (shop.appShortcuts ?? []).map((shortcut) => ({
      name: SHORTCUT_NAMES[shortcut][locale],
      url: `${base}${SHORTCUT_PATHS[shortcut]}`
    }))
  }
}
