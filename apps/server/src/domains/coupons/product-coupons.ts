import { FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import { issueCoupons } from './issue-coupons'

interface OrderLike {
  _id: string
  user?: string | null
  products?: unknown
}

/** The distinct coupon templates of the order's products (in id order: templates are locked in that order). */
const templatesOf = async (trx: Knex.Transaction, shop: string, products: unknown): Promise<string[]> => {
  const parsed: unknown = typeof products === 'string' ? JSON.parse(products) : products
  const lines = Array.isArray(parsed) ? (parsed as { product?: unknown; quantity?: unknown }[]) : []
  const ids = [
    ...new Set(lines.filter((l) => typeof l.product === 'string' && Number(l.quantity) > 0).map((l) => l.product as string))
  ]
  if (!ids.length) return []
  const rows = (await trx('products').where({ shop }).whereIn('_id', ids).select('coupons')) as { coupons: unknown }[]
  const templates = new Set<string>()
  for (const row of rows) {
    const list: unknown = typeof row.coupons === 'string' ? JSON.parse(row.coupons) : row.coupons
    if (Array.isArray(list)) for (const t of list) if (typeof t === 'string') templates.add(t)
  }
  return [...templates].sort()
}

/**
 * The coupons a paid order's products give (decision 0195, amending 0189): the customer receives one
 * coupon of each coupon template its products offer (`product.coupons`), once per order and template
 * (the `productCouponGrants` key), issued by issueCoupons under the template's lock and limits, in the
 * payment's transaction. A template that can give no more (limitTotal, limitPerUser, past validUntil,
 * removed) gives nothing and never fails the payment: each template's issue runs in a savepoint. No
 * customer: nothing.
 */
export const grantProductCoupons = async (
  trx: Knex.Transaction,
  shop: string,
  order: OrderLike,
  now: string = new Date().toISOString()
): Promise<string[]> => {
  const user = order.user
  if (!user) return []
  const templates = await templatesOf(trx, shop, order.products)
  // A customer removed since the order was made receives nothing.
  if (!templates.length || !(await trx('shopUsers').where({ shop, _id: user }).first('_id'))) return []
  const codes: string[] = []
  for (const template of templates) {
    try {
      await trx.transaction(async (inner) => {
        const claimed = (await inner('productCouponGrants')
          .insert({ _id: newObjectId(), shop, order: order._id, template, user })
          .onConflict(['shop', 'order', 'template'])
          .ignore()
          .returning('_id')) as unknown[]
        if (!claimed.length) return
        const issued = await issueCoupons(inner, shop, { template, count: 1, user, now })
        await inner('productCouponGrants').where({ shop, order: order._id, template }).update({ coupon: issued.codes[0] })
        codes.push(...issued.codes)
      })
    } catch (error) {
      const key = error instanceof FeathersError ? (error.data as { key?: string } | undefined)?.key : undefined
      if (!key?.startsWith('coupon.')) throw error
    }
  }
  return codes
}
