import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'

type Row = Record<string, unknown>

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value)
const plain = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]))

/**
 * Everything the shop holds about one customer (decision 0083), for a request to see it: the record
 * with its addresses, their orders (ids, dates, status, amounts, lines) and payments, as plain JSON.
 */
export const customerPersonalData = async (trx: Knex.Transaction, shop: string, user: string) => {
  const customer = (await trx('shopUsers').where({ shop, _id: user }).first()) as Row | undefined
  if (!customer) throw new NotFound(`No record found for id '${user}'`)
  const orders = (await trx('orders')
    .where({ shop, user })
    .orderBy('date')
    .select(
      '_id',
      'orderId',
      'date',
      'status',
      'source',
      'customer',
      'ship',
      'products',
      'subtotal',
      'discount',
      'total',
      'amount',
      'refund'
    )) as Row[]
  const payments = (await trx('payments')
    .where({ shop, user })
    .orderBy('date')
    .select('_id', 'order', 'orderId', 'date', 'method', 'amount', 'status')) as Row[]
  return {
    _id: user,
    shop,
    exportedAt: new Date().toISOString(),
    customer: plain(customer),
    orders: orders.map((order) => ({
      ...plain(order),
      products: ((order.products as Row[] | null) ?? []).map(({ product, sku, name, price, quantity, total, returned }) => ({
        product,
        sku,
        name,
        price,
        quantity,
        total,
        returned
      }))
    })),
    payments: payments.map(plain)
  }
}
