import { createHmac, timingSafeEqual } from 'node:crypto'
import { isObjectId } from '@emporia/shared'

/**
 * The secret link a customer reads their order by, without signing in (decision 0109):
 * `<order _id>.<HMAC-SHA256(server secret, shop and order)>` in base64url. Nothing is stored, so a
 * retried checkout answers the same link, a copy of the database hands out no working links, and
 * guessing one means guessing 256 bits. Changing AUTH_SECRET ends every link (as it ends sessions).
 */
const signature = (secret: string, shop: string, order: string) =>
  createHmac('sha256', secret).update(`storefront-order:${shop}:${order}`).digest('base64url')

export const orderLinkToken = (secret: string, shop: string, order: string) => `${order}.${signature(secret, shop, order)}`

/** The order a link names, when its signature is this shop's; undefined for anything else. */
export const orderOfLink = (secret: string, shop: string, token: unknown): string | undefined => {
  if (typeof token !== 'string' || token.length > 100) return undefined
  const [order, sent, ...rest] = token.split('.')
  if (rest.length || !isObjectId(order) || !sent) return undefined
  const expected = Buffer.from(signature(secret, shop, order))
  const given = Buffer.from(sent)
  return expected.length === given.length && timingSafeEqual(expected, given) ? order : undefined
}
