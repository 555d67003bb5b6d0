import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { PublicComment } from '@emporia/theme'
import { COMMENT_AUTHOR_MAX_LENGTH, servicePaths, shopFlowOn, type LocaleId, type ProductComment } from '@emporia/shared'
import { VISIBLE_PRODUCTS } from '../catalogue'
import { commerceTransaction, type Commerce } from '../commerce/commerce-context'
import { COMMERCE_PREFIX, translated } from '../commerce/commerce-routes'
import { CommerceRateLimit } from '../commerce/rate-limit'
import { commerceUser } from '../accounts/account-session'
import { sessionCustomer, signedOut } from '../accounts/customer-account'
import { clientAddress } from '../../../platform/http/client-address'

export const COMMENTS_PATH = `${COMMERCE_PREFIX}/comments`

/** What a customer sends: the product, the words, perhaps a rating; the service checks each by the schema. */
export interface CommentInput {
  product: string
  text: string
  rating?: number
}

const readComment = (body: unknown): CommentInput => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('Send JSON', { key: 'format.invalid' })
  const { product, text, rating } = body as Record<string, unknown>
  if (typeof product !== 'string') throw new BadRequest('Which product?', { key: 'format.required', field: 'product' })
  if (typeof text !== 'string') throw new BadRequest('Write a few words', { key: 'format.required', field: 'text' })
  if (rating !== undefined && rating !== null && typeof rating !== 'number')
    throw new BadRequest('A rating is a number from 1 to 5', { key: 'format.invalid', field: 'rating' })
  return { product, text, ...(typeof rating === 'number' ? { rating } : {}) }
}

/**
 * A signed-in customer's comment on one of the shop's visible products, when the shop takes comments
 * (`useComment`, decision 0193): stored pending, with the customer's first name as its author. The
 * words are made plain text and checked by the productComments service (its schema and rules).
 */
export const postComment = async (commerce: Commerce, shop: string, user: string | undefined, input: CommentInput) => {
  const author = await commerceTransaction(commerce, shop, async (trx) => {
    const flags = (await trx('shops').where({ _id: shop }).first('useComment')) as { useComment?: boolean | null } | undefined
    if (!flags || !shopFlowOn(flags, 'useComment'))
      throw new Forbidden('This shop does not take reviews', { key: 'comments.off' })
    const customer = await sessionCustomer(trx, shop, user)
    return (customer.firstName ?? '').trim().slice(0, COMMENT_AUTHOR_MAX_LENGTH)
  })
  const visible = /^[0-9a-f]{24}$/.test(input.product)
    ? ((await commerce.app.service(servicePaths.products).find({
        query: { shop, _id: input.product, ...VISIBLE_PRODUCTS, $limit: 1, $select: ['_id'] },
        paginate: false
      } as never)) as unknown[])
    : []
  if (!visible.length) throw new BadRequest('This product cannot be reviewed', { key: 'comments.noProduct', field: 'product' })
  const comment = (await commerce.app
    .service(servicePaths.productComments)
    .create({ shop, ...input, customer: user, author, status: 'pending' } as never)) as ProductComment
  return { _id: comment._id, status: comment.status }
}

/**
 * `POST {base}/_commerce/comments` (decision 0193), JSON only: limited per client address and per
 * customer (the address TRUST_PROXY resolves, decision 0119), refused signed out (401) and when the
 * shop does not take comments (403).
 */
export const commentRoutes = (commerce: Commerce, limits = new CommerceRateLimit()) => {
  const secret = commerce.context.config.authSecret
  return async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (path !== COMMENTS_PATH || ctx.method !== 'POST') return false
    ctx.set('Cache-Control', 'no-store')
    try {
      limits.take('comment', shop, clientAddress(ctx))
      if (!ctx.is('application/json')) throw new BadRequest('Send JSON', { key: 'format.invalid' })
      const user = commerceUser(ctx, secret, shop)
      if (!user) throw signedOut()
      limits.take('commentCustomer', shop, user)
      const input = readComment((ctx.request as { body?: unknown }).body)
      ctx.status = 201
      ctx.body = await postComment(commerce, shop, user, input)
      return true
    } catch (error) {
      throw translated(error, locale)
    }
  }
}

/** How many approved comments a product page shows (the newest). */
export const COMMENTS_SHOWN = 20

/** A product's approved comments as its page shows them: no customer id, newest first (decision 0193). */
export const approvedComments =
  (app: Commerce['app']) =>
  async (shop: string, product: string): Promise<PublicComment[]> => {
    const rows = (await app.service(servicePaths.productComments).find({
      query: {
        shop,
        product,
        status: 'approved',
        $sort: { createdAt: -1 },
        $limit: COMMENTS_SHOWN,
        $select: ['_id', 'author', 'rating', 'text', 'reply', 'createdAt']
      },
      paginate: false
    } as never)) as ProductComment[]
    return rows.map((row) => ({
      _id: row._id,
      author: row.author ?? '',
      rating: row.rating ?? null,
      text: row.text,
      reply: row.reply ?? null,
      date: row.createdAt
    }))
  }
