import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Knex } from 'knex'
import { appSettingNames, type LocaleId } from '@emporia/shared'
import { ISLANDS_PREFIX, loadIslands } from '../islands'
import type { StorefrontHandler } from '../routes'
import type { StorefrontShop } from '../shop-by-host'
import { AppIcons, iconRequest, type IconSource } from './app-icons'
import { appManifest, appOffered } from './app-offer'
import { loadServiceWorker, serviceWorkerFor } from './sw-bundle'

export interface AppRoutesOptions {
  knex: Knex
  /** The media library's folders (the attachments service's store). */
  media: () => IconSource
  /** BILLING=off: every shop has every feature (decision 0129). */
  everyFeature?: boolean
}

const COLUMNS = ['_id', 'name', 'attributes', ...appSettingNames]

const notFound = (ctx: FeathersKoaContext) => {
  ctx.status = 404
  ctx.set('Cache-Control', 'no-store')
  ctx.body = 'Not found'
  return true
}

/**
 * The installed app's files under each shop's own address (decision 0202): `/manifest.webmanifest`,
 * `/sw.js` and `/_app/icon-…png`. The shop is the one the request's host (or path fallback) names, so
 * a host answers with its own shop's app and never another's; a shop without the app answers 404.
 */
export const appRoutes = (options: AppRoutesOptions): StorefrontHandler => {
  const icons = new AppIcons({ folder: (shop, id) => options.media().folder(shop, id) })
  return async (ctx: FeathersKoaContext, shopId: string, path: string, locale: LocaleId) => {
    const icon = iconRequest(path)
    if (path !== '/manifest.webmanifest' && path !== '/sw.js' && !icon) return false
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false
    const shop = (await options.knex('shops').where({ _id: shopId }).first(COLUMNS)) as StorefrontShop | undefined
    if (!shop || !appOffered(shop, options.everyFeature)) return notFound(ctx)
    const base = ctx.path.slice(0, ctx.path.length - path.length)
    ctx.vary('Accept-Language')
    if (path === '/manifest.webmanifest') {
      ctx.type = 'application/manifest+json; charset=utf-8'
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = JSON.stringify(appManifest(shop, base, locale))
      return true
    }
    if (path === '/sw.js') {
      const islands = `${ISLANDS_PREFIX}${(await loadIslands()).name}`
      ctx.type = 'application/javascript; charset=utf-8'
      // Browsers look for a new worker on each visit; the worker's own caches keep the pages.
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = serviceWorkerFor(await loadServiceWorker(), [islands])
      return true
    }
    if (!icon || !shop.appIcon) return notFound(ctx)
    const png = await icons
      .icon(shopId, shop.appIcon, icon.size, icon.maskable, shop.appBackgroundColor ?? undefined)
      .catch(() => undefined)
    if (!png) return notFound(ctx)
    ctx.type = 'image/png'
    ctx.set('Cache-Control', 'public, max-age=86400')
    ctx.body = png
    return true
  }
}
