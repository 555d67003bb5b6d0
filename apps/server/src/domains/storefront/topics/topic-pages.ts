import { createElement } from 'react'
import type { Application } from '@feathersjs/feathers'
import { currencySymbolOf, isObjectId, pickTran, servicePaths, storefrontUi, type LocaleId } from '@emporia/shared'
import { TopicList, TopicPage, publicProduct, say, visibleProductsQuery, type TopicView } from '@emporia/theme'
import { registerStorefrontRoute, type StorefrontAnswer, type StorefrontRequest } from '../routes'
import { absoluteImage } from '../seo'

type Row = Record<string, unknown>
const NO_CATEGORIES = new Map()

/** A topic row as its page shows it: texts in the page's language. */
const topicView = (row: Row, locale: LocaleId): TopicView => ({
  _id: String(row._id),
  name: pickTran(row.name, locale),
  desc: pickTran(row.desc, locale),
  banner: row.banner ?? undefined,
  content: row.content ? pickTran(row.content, locale) : '',
  price: typeof row.price === 'number' ? row.price : null
})

/** The first sentence-sized part of a text, for the page's description. */
const summary = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text)

/**
 * One published topic of the request's shop and the products of it the storefront shows, in the topic's
 * order, as the theme's product cards take them. The shop is the one the host resolved, never the request.
 */
const topicPage = async (app: Application, request: StorefrontRequest): Promise<StorefrontAnswer> => {
  const { shop, locale, params, ctx } = request
  if (!isObjectId(params.id ?? '')) return { notFound: true }
  const [row] = (await app.service(servicePaths.miniTopics).find({
    query: { shop: shop._id, _id: params.id, status: 'published', $limit: 1 },
    paginate: false
  } as never)) as Row[]
  if (!row) return { notFound: true }
  const topic = topicView(row, locale)
  const ui = storefrontUi(shop)
  const currency = currencySymbolOf(shop)
  const ids = (Array.isArray(row.products) ? row.products : []).filter(
    (id): id is string => typeof id === 'string' && isObjectId(id)
  )
  const rows = ids.length
    ? ((await app.service(servicePaths.products).find({
        query: { ...visibleProductsQuery({}, ui.showSoldOut), shop: shop._id, _id: { $in: ids }, $limit: ids.length },
        paginate: false
      } as never)) as Row[])
    : []
  const byId = new Map(rows.map((product) => [String(product._id), product]))
  const products = ids.flatMap((id) => {
    const product = byId.get(id)
    if (!product) return []
    const shown = publicProduct(product, NO_CATEGORIES, locale, { showStock: ui.showStock, listed: true, currency })
    return [{ ...shown, name: pickTran(product.name, locale) }]
  })
  const origin = `${ctx.protocol}://${ctx.host}`
  const image = absoluteImage(row.banner, origin)
  return {
    title: topic.name,
    description: summary(topic.desc),
    canonical: true,
    ...(image ? { ogImage: image } : {}),
    body: createElement(TopicPage, { topic, products })
  }
}

/** The shop's published topics, in the merchant's order. */
const topicListPage = async (app: Application, request: StorefrontRequest): Promise<StorefrontAnswer> => {
  const rows = (await app.service(servicePaths.miniTopics).find({
    query: {
      shop: request.shop._id,
      status: 'published',
      $sort: { order: 1, updatedAt: -1 },
      $limit: 100,
      $select: ['_id', 'name', 'desc', 'banner', 'price', 'order', 'updatedAt']
    },
    paginate: false
  } as never)) as Row[]
  return {
    title: say(request.locale, 'topics'),
    canonical: true,
    body: createElement(TopicList, { topics: rows.map((row) => topicView(row, request.locale)) })
  }
}

/**
 * `{base}/topics` and `{base}/topics/{id}` (decision 0208): the shop's published topic pages (decision
 * 0205) drawn by its theme, the same for every visitor, so kept in the full-page cache and indexed. A
 * draft, or another shop's topic through this address, is the theme's 404.
 */
export const registerTopicPages = (app: Application) => {
  registerStorefrontRoute(app, { path: '/topics', public: true, render: (request) => topicListPage(app, request) })
  registerStorefrontRoute(app, { path: '/topics/:id', public: true, render: (request) => topicPage(app, request) })
}
