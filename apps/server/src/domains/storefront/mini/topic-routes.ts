import { NotFound } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { isObjectId, pickTran, servicePaths, type LocaleId, type MiniTopic } from '@emporia/shared'
import { VISIBLE_PRODUCTS } from '../catalogue'
import type { Commerce } from '../commerce/commerce-context'
import { COMMERCE_PREFIX, translated } from '../commerce/commerce-routes'

export const TOPICS_PATH = `${COMMERCE_PREFIX}/topics`
const ONE = /^\/([0-9a-f]{24})$/
const LISTED = ['_id', 'name', 'desc', 'banner', 'price', 'order', 'updatedAt'] as const
type Row = Record<string, unknown>

/** A topic as shoppers see it: texts in the asked language, no status, no shop. */
const publicTopic = (row: Row, locale: LocaleId): Row => ({
  _id: row._id,
  name: pickTran(row.name, locale),
  desc: pickTran(row.desc, locale),
  banner: row.banner ?? null,
  price: row.price ?? null,
  updatedAt: row.updatedAt
})

/** The published topics of one shop, in order (the server asks for the shop: never the request). */
export const publishedTopics = async (commerce: Commerce, shop: string, locale: LocaleId) => {
  const rows = (await commerce.app.service(servicePaths.miniTopics).find({
    query: { shop, status: 'published', $sort: { order: 1, updatedAt: -1 }, $limit: 100, $select: [...LISTED] },
    paginate: false
  } as never)) as Row[]
  return rows.map((row) => publicTopic(row, locale))
}

/** One published topic of this shop with its content and the products of it the storefront shows. */
export const publishedTopic = async (commerce: Commerce, shop: string, id: string, locale: LocaleId) => {
  const [row] = (await commerce.app.service(servicePaths.miniTopics).find({
    query: { shop, _id: id, status: 'published', $limit: 1 },
    paginate: false
  } as never)) as MiniTopic[]
  if (!row) throw new NotFound('No such topic')
  const ids = row.products.filter(isObjectId)
  const products = ids.length
    ? ((await commerce.app.service(servicePaths.products).find({
        query: { shop, _id: { $in: ids }, ...VISIBLE_PRODUCTS, $select: ['_id', 'name', 'price', 'images'] },
        paginate: false
      } as never)) as Row[])
    : []
  const byId = new Map(products.map((product) => [String(product._id), product]))
  return {
    ...publicTopic(row as unknown as Row, locale),
    content: pickTran(row.content, locale),
    products: ids.flatMap((productId) => {
      const product = byId.get(productId)
      if (!product) return []
      const [image] = Array.isArray(product.images) ? product.images : []
      return [{ _id: productId, name: pickTran(product.name, locale), price: product.price ?? null, image: image ?? null }]
    })
  }
}

/**
 * `GET {base}/_commerce/topics` and `GET {base}/_commerce/topics/{id}` (decision 0205): the published topic
 * pages of the shop the address names, read-only, for the storefront, the app and the mini-program.
 */
export const topicRoutes =
  (commerce: Commerce) =>
  async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (ctx.method !== 'GET' || (path !== TOPICS_PATH && !path.startsWith(`${TOPICS_PATH}/`))) return false
    const rest = path.slice(TOPICS_PATH.length)
    const one = ONE.exec(rest)
    if (rest && !one) return false
    ctx.set('Cache-Control', 'no-store')
    try {
      ctx.body = one
        ? await publishedTopic(commerce, shop, one[1], locale)
        : { data: await publishedTopics(commerce, shop, locale) }
      return true
    } catch (error) {
      throw translated(error, locale)
    }
  }
