import type { Knex } from 'knex'
import { newObjectId } from '../../src/platform/http/object-id'
import { addSale, paidOrderSale, refundSale, type SoldOrder, type SoldPayment } from '../../src/domains/sales/rollup'
import { shopTransaction } from '../../src/platform/tenancy'
import type { TestApp } from './test-app'

export interface OrderFixture {
  status?: string
  products: { product: string; quantity: number; total: number }[]
  payments: (Omit<SoldPayment, 'date'> & { date: string })[]
}

/**
 * An order and its payments as rows, the way the orders service leaves them (decision 0078): the
 * sales tests need them before that service exists, and rebuildSales reads them back.
 */
export const insertOrder = async (knex: Knex, shop: string, fixture: OrderFixture) => {
  const _id = newObjectId()
  const total = fixture.products.reduce((sum, line) => sum + line.total, 0)
  const paid = fixture.payments.filter((p) => p.amount > 0 && p.status === 'paid').reduce((sum, p) => sum + p.amount, 0)
  await knex('orders').insert({
    _id,
    shop,
    orderId: _id.slice(-8),
    date: fixture.payments[0]?.date ?? new Date().toISOString(),
    source: 'pos',
    status: fixture.status ?? 'paid',
    products: JSON.stringify(fixture.products),
    subtotal: total,
    total,
    amount: paid
  })
  const payments = fixture.payments.map((p) => ({ ...p, _id: newObjectId(), shop, order: _id, tranID: newObjectId() }))
  if (payments.length) await knex('payments').insert(payments)
  const order: SoldOrder = { _id, shop, products: fixture.products }
  return { order, payments }
}

/** Runs `run` in a transaction of the shop's, walled as the orders service's would be. */
export const inShop = <T>(t: TestApp, shop: string, run: (trx: Knex.Transaction) => Promise<T>) =>
  shopTransaction(t.db.knex, t.context.records.rowSecurity, shop, (trx) => run(trx))

/** Records a paid order: its rows, and its sale added to the rollup in one transaction. */
export const sellOrder = async (t: TestApp, shop: string, fixture: OrderFixture) => {
  const made = await insertOrder(t.db.knex, shop, fixture)
  await inShop(t, shop, (trx) => addSale(trx, paidOrderSale(made.order, made.payments)))
  return made
}

/** Records a refund payment of an order and its entry in the rollup. */
export const refundOrder = async (
  t: TestApp,
  order: SoldOrder,
  refund: { method: string; extraMethod?: string; amount: number; date: string; refundOf: string }
) => {
  const row = { ...refund, _id: newObjectId(), shop: order.shop, order: order._id, tranID: newObjectId(), status: 'refunded' }
  await t.db.knex('payments').insert(row)
  await inShop(t, order.shop, (trx) => addSale(trx, refundSale(order, row)))
  return row
}

/** A shop's rollup with the slots summed: what rebuildSales must reproduce. */
export const rollupOf = async (knex: Knex, shop: string) =>
  (
    (await knex.raw(
      `select dim, to_char(day, 'YYYY-MM-DD') as day, key, sum(amount)::bigint as amount, sum(orders)::int as orders,
              sum(quantity) as quantity,
              (select array_agg(s order by h) from (select h, sum(x) as s from "salesRollup" r2, unnest(r2."hourAmount") with ordinality u(x, h)
                 where r2.shop = r.shop and r2.dim = r.dim and r2.day = r.day and r2.key = r.key group by h) t)::text as hours
         from "salesRollup" r where shop = ? group by shop, dim, day, key order by 1, 2, 3`,
      [shop]
    )) as { rows: Record<string, unknown>[] }
  ).rows
