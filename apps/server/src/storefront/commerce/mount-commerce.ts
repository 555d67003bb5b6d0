import { NotFound } from '@feathersjs/errors'
import { bodyParser, type FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import type { Application } from '@feathersjs/feathers'
import type { ServiceContext } from '../../platform/service-context'
import { LANG_COOKIE, storefrontLocale } from '../locale'
import { storefrontTarget, type ShopLookup } from '../shop-by-host'
import { registerCommercePages } from './commerce-pages'
import { COMMERCE_PREFIX, commerceRoutes } from './commerce-routes'

// A cart of 100 lines with customer details is a few kilobytes.
const JSON_LIMIT = '64kb'

/**
 * The storefront's cart and checkout (decision 0109): registers the cart, checkout and order pages in
 * the storefront's route registry and answers the JSON calls under `{shop}/_commerce/…`. Mounted just
 * before the storefront's middleware (which answers pages only, to GET): the shop comes from the host or
 * the `/s/{subdomain}` path exactly as the storefront resolves it, never from the request.
 */
export const mountCommerce = (app: Application, context: ServiceContext, lookup: ShopLookup, publicHost: string | undefined) => {
  const commerce = { app, context }
  registerCommercePages(app, commerce)
  const routes = commerceRoutes(commerce)
  const parse = bodyParser({ jsonLimit: JSON_LIMIT })
  return async (ctx: FeathersKoaContext, next: Next) => {
    if (!ctx.path.includes(`${COMMERCE_PREFIX}/`) || ctx.path.startsWith('/api/')) return next()
    const target = await storefrontTarget(lookup, publicHost, ctx.get('host'), ctx.path)
    if (!target || !target.path.startsWith(`${COMMERCE_PREFIX}/`)) return next()
    const { locale } = storefrontLocale(
      (ctx.query.lang as string | undefined) ?? null,
      ctx.cookies.get(LANG_COOKIE),
      ctx.get('accept-language')
    )
    if (ctx.method === 'POST' && ctx.is('application/json')) await parse(ctx, async () => undefined)
    if (!(await routes(ctx, target.shop._id, target.path, locale))) throw new NotFound(`Path ${target.path} not found`)
  }
}
