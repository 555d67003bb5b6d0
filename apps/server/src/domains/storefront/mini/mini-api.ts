import { NotFound } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import {
  currencySymbolOf,
  isObjectId,
  pickTran,
  servicePaths,
  storefrontUi,
  uiSettingNames,
  type LocaleId,
  type UiSettings
} from '@emporia/shared'
import { visibleProductsQuery } from '@emporia/theme'
import { sanitizeHtml } from '../../eshop/sanitize-html'
import { publicProduct, type CatalogueUi, type StorefrontCatalogue } from '../catalogue'
import type { Commerce } from '../commerce/commerce-context'
import { COMMERCE_PREFIX, translated } from '../commerce/commerce-routes'
import { CommerceRateLimit } from '../commerce/rate-limit'
import { clientAddress } from '../../../platform/http/client-address'
import type { LoadSite } from '../site'
import { checkoutOffers } from '../commerce/checkout-offers'
import { miniCard, miniImage, miniMoney } from './mini-cards'
import { miniCheckoutOptions } from './mini-checkout'
import { miniHomeSections } from './mini-home'
import { publishedTopics } from './topic-routes'

/** The mini-program's JSON calls (decision 0206), under `{base}/_commerce/mini/`. */
export const MINI_API_PATH = `${COMMERCE_PREFIX}/mini`
/** Products per page of `/products`; the list's `page` stops at MAX_PAGE. */
export const MINI_PAGE_SIZE = 20
const MAX_PAGE = 500
const ONE = /^\/products\/([^/]{1,64})$/
/** The shops' money is Hong Kong dollars (spec §9.1); the symbol is the shop's own (decision 0187). */
const CURRENCY = 'HKD'

type Row = Record<string, unknown>
type ShopRow = UiSettings & { _id: string; name: unknown; icon: string | null; currencySymbol?: string | null }

export interface MiniApiDeps {
  loadSite: LoadSite
  catalogue: StorefrontCatalogue
}

const shopColumns = ['_id', 'name', 'icon', 'currencySymbol', ...uiSettingNames]

const uiOf = (shop: ShopRow): CatalogueUi => ({ ...storefrontUi(shop), currency: currencySymbolOf(shop) })

const pageOf = (value: string | null) => {
  const page = Number(value ?? 1)
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1
}

/** An unknown, another shop's or a hidden product alike: the same 404 in the asked language. */
const noProduct = () => new NotFound('This product is not available in the online shop', { key: 'storefront.productUnavailable' })

/**
 * `GET {base}/_commerce/mini/home|categories|products|products/{id}|checkout-options` (decision 0206): what the
 * mini-program shows, read-only, for the shop the address names (never the query), with the storefront's
 * visibility (offered online, not a draft; sold-out ones as the shop's settings say) and in the language
 * asked (`?lang=`, else the storefront's choice). Rate-limited per client address and shop.
 */
export const miniApiRoutes = (commerce: Commerce, deps: MiniApiDeps, limits = new CommerceRateLimit()) => {
  const { app } = commerce
  const knex = commerce.context.db.knex
  return async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (ctx.method !== 'GET' || !path.startsWith(`${MINI_API_PATH}/`)) return false
    const rest = path.slice(MINI_API_PATH.length)
    const one = ONE.exec(rest)
    if (!one && !['/home', '/categories', '/products', '/checkout-options'].includes(rest)) return false
    const query = new URLSearchParams(ctx.querystring)
    const origin = `${ctx.protocol}://${ctx.host}`
    try {
      limits.take('mini', shop, clientAddress(ctx))
      const row = (await knex('shops').where({ _id: shop }).first(shopColumns)) as ShopRow | undefined
      if (!row) throw new NotFound('No such shop')
      if (rest === '/checkout-options') {
        // The shop's settings as they are now, as the storefront's checkout page reads them: never cached.
        ctx.set('Cache-Control', 'no-store')
        ctx.body = miniCheckoutOptions(await checkoutOffers(commerce, shop, 'mini'), locale)
        return true
      }
      const ui = uiOf(row)
      // The catalogue changes: a short while in any cache, told apart by language.
      ctx.set('Cache-Control', 'public, max-age=30')
      ctx.vary('Accept-Language')
      ctx.vary('Cookie')
      if (rest === '/home') {
        const icon =
          row.icon && isObjectId(row.icon.trim())
            ? miniImage({ type: 'attachment', attachment: row.icon.trim() }, origin)
            : undefined
        ctx.body = {
          shop: { name: pickTran(row.name, locale), symbol: ui.currency, currency: CURRENCY, ...(icon ? { icon } : {}) },
          sections: await miniHomeSections(
            { ...deps, topics: (id, lang) => publishedTopics(commerce, id, lang) },
            shop,
            locale,
            origin,
            ui
          )
        }
        return true
      }
      if (rest === '/categories') {
        const categories = [...(await deps.catalogue.categories(shop)).values()]
        ctx.body = { data: categories.map((category) => ({ _id: category._id, name: pickTran(category.name, locale) })) }
        return true
      }
      if (rest === '/products') {
        const page = pageOf(query.get('page'))
        const asked: Row = { ...visibleProductsQuery({}, ui.showSoldOut), shop }
        const category = query.get('category')?.trim()
        if (category) {
          // A category of another shop (or none) lists nothing, not everything.
          asked.categories = { $in: [(await deps.catalogue.categories(shop)).has(category) ? category : '0'.repeat(24)] }
        }
        const q = query.get('q')?.trim()
        if (q) asked.$search = q.slice(0, 100)
        const found = (await app.service(servicePaths.products).find({
          query: { ...asked, $sort: { createdAt: -1 }, $limit: MINI_PAGE_SIZE, $skip: (page - 1) * MINI_PAGE_SIZE },
          paginate: { default: MINI_PAGE_SIZE, max: MINI_PAGE_SIZE }
        } as never)) as { total: number; data: Row[] }
        const categories = await deps.catalogue.categories(shop)
        ctx.body = {
          data: found.data.map((product) =>
            miniCard(publicProduct(product, categories, locale, { listed: true, currency: ui.currency }), locale, origin)
          ),
          total: found.total,
          page,
          pages: Math.ceil(found.total / MINI_PAGE_SIZE)
        }
        return true
      }
      const id = one![1]
      const product = isObjectId(id) ? await deps.catalogue.product(shop, id, locale, ui) : undefined
      if (!product) throw noProduct()
      const skus = Array.isArray(product.skus) ? (product.skus as Row[]) : []
      const soldOut = product.soldOut === true || (skus.length > 0 && skus.every((sku) => sku.inStock === false))
      ctx.body = {
        _id: String(product._id),
        name: pickTran(product.name, locale),
        description: sanitizeHtml(pickTran(product.content, locale) || pickTran(product.desc, locale)),
        images: (Array.isArray(product.images) ? product.images : []).flatMap((image) => miniImage(image, origin) ?? []),
        price: miniMoney(product.priceCents),
        skus: skus.map((sku) => ({
          _id: String(sku.id),
          name: String(sku.name ?? ''),
          price: miniMoney(sku.priceCents),
          soldOut: sku.inStock === false
        })),
        soldOut
      }
      return true
    } catch (error) {
      ctx.set('Cache-Control', 'no-store')
      throw translated(error, locale)
    }
  }
}
