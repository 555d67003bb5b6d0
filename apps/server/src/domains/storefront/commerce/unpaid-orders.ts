import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { onlineOrderLimitDefaults, onlineOrderLimitsOf, onlineOrderSources } from '@emporia/shared'
import { changeOrder } from '../../orders/change-order'
import { loadCheckoutSettings, type CheckoutSettings } from '../../orders/checkout-settings'
import { orderRecord, type OrderRow } from '../../orders/order-rows'
import { waitsForPayment } from '../../orders/waits-for-payment'
import { refuse } from './cart-input'
import type { CheckoutInput } from './checkout-input'
import { commerceTransaction, type Commerce } from './commerce-context'

/*
 * Stock held by strangers (issue 28, decision 0120). A bank-transfer or pick-up checkout reserves its
 * goods while the money is awaited (decision 0109), so what one shopper may hold is bounded — lines and
 * units per order, unpaid orders at once — and an unpaid online order gives its stock back after the
 * shop's time, by the merchant's own void.
 */

/** Online orders still waiting for their money: the stock they hold counts against the shopper. */
const waiting = (trx: Knex.Transaction, shop: string) =>
  trx('orders')
    .where({ shop, status: 'prepare' })
    .whereIn('source', onlineOrderSources)
    .whereRaw('coalesce(amount, 0) + coalesce(refund, 0) < total')

/** The shop's limits on one order's size (lines, units of one line), checked before anything is read. */
export const checkOrderSize = (input: CheckoutInput, settings: CheckoutSettings) => {
  const limits = onlineOrderLimitsOf(settings.onlineOrderLimits)
  if (input.lines.length > limits.maxLines)
    throw refuse('lines', `At most ${limits.maxLines} items`, 'storefront.tooManyLines', { count: limits.maxLines })
  for (const [i, line] of input.lines.entries())
    if (line.quantity > limits.maxUnitsPerLine)
      throw refuse(`lines.${i}.quantity`, `At most ${limits.maxUnitsPerLine} of one item`, 'storefront.tooManyUnits', {
        value: limits.maxUnitsPerLine
      })
}

/**
 * How many unpaid online orders the same e-mail, phone or signed-in customer already holds, against
 * the shop's limit; checked before anything is reserved (after a retry is answered: its order counts).
 */
export const checkUnpaidOrders = async (
  trx: Knex.Transaction,
  shop: string,
  input: CheckoutInput,
  settings: CheckoutSettings,
  user: string | null
) => {
  const limits = onlineOrderLimitsOf(settings.onlineOrderLimits)
  // Two checkouts of one shopper at once must not both pass the count.
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`unpaidOrders:${shop}:${input.customer.email}`])
  const [{ n }] = (await waiting(trx, shop)
    .where((who) => {
      void who
        .whereRaw(`customer->>'email' = ?`, [input.customer.email])
        .orWhereRaw(`customer->>'phone' = ?`, [input.customer.phone])
      if (user) void who.orWhere({ user })
    })
    .count({ n: '*' })) as { n: string | number }[]
  if (Number(n) >= limits.maxUnpaidOrders)
    throw new Conflict('Please pay for your earlier orders before placing another', {
      key: 'storefront.tooManyUnpaid',
      field: 'payment',
      values: { count: limits.maxUnpaidOrders }
    })
}

/** How long this waiting order keeps its stock, in minutes; null when it never expires (or is not ours to expire). */
const lifetime = async (trx: Knex.Transaction, order: OrderRow, settings: CheckoutSettings): Promise<number | null> => {
  const limits = onlineOrderLimitsOf(settings.onlineOrderLimits)
  const pending = (await trx('payments')
    .where({ shop: order.shop, order: order._id, status: 'pending' })
    .select('method', 'reference')) as { method: string; reference: string | null }[]
  if (!pending.length) return limits.pickUpMinutes || null
  // A slip uploaded in time stops the clock: the merchant checks it and confirms or voids.
  if (pending.every((payment) => payment.method === 'bank' && !payment.reference)) return limits.bankTransferMinutes
  return null
}

/**
 * Voids this shop's online orders whose money did not come in time, each in its own transaction by
 * `changeOrder` — the merchant's void: the stock goes back through the ledger, the pending transfer
 * is cancelled, coupons and points return, with a history entry. The order is locked with SKIP
 * LOCKED and checked again under the lock, so a payment, a slip or another process's sweep at the
 * same moment wins or waits its turn, and a second sweep finds nothing to do. Answers how many it voided.
 */
const expireShop = async (commerce: Commerce, shop: string, ids: string[], now: Date) => {
  let voided = 0
  for (const id of ids) {
    const done = await commerceTransaction(commerce, shop, async (trx, wall) => {
      const order = (await trx('orders').where({ shop, _id: id }).forUpdate().skipLocked().first()) as OrderRow | undefined
      if (!order || order.status !== 'prepare' || !waitsForPayment(order)) return false
      const minutes = await lifetime(trx, order, await loadCheckoutSettings(trx, shop))
      if (minutes === null || new Date(order.date).getTime() + minutes * 60_000 > now.getTime()) return false
      const env = { app: commerce.app, counts: commerce.context.counts }
      return changeOrder(trx, id, { status: 'void', cancelReason: 'expired' }, { shop, env, wall })
    })
    if (done) {
      voided++
      commerce.app.service('orders').emit('patched', orderRecord(done))
    }
  }
  return voided
}

/**
 * The waiting online orders past their shop's time, oldest first, after `after`: a bank transfer
 * without a slip after `bankTransferMinutes`, cash at pick-up after `pickUpMinutes` (0: never); the
 * shop's settings, else the defaults. Read on the owner's connection across shops.
 */
const expiredBatch = (knex: Knex, now: Date, batch: number, after?: { date: Date; _id: string }) => {
  const setting = (name: keyof typeof onlineOrderLimitDefaults) =>
    `coalesce((s."onlineOrderLimits"->>'${name}')::int, ${onlineOrderLimitDefaults[name]})`
  const pending = `select 1 from payments p where p.shop = o.shop and p."order" = o._id and p.status = 'pending'`
  return knex.raw(
    `select o._id, o.shop, o.date from orders o join shops s on s._id = o.shop
      where o.source in ('eshop', 'app', 'mini') and o.status = 'prepare' and coalesce(o.amount, 0) + coalesce(o.refund, 0) < o.total
        and ((exists (${pending} and p.method = 'bank' and p.reference is null)
              and not exists (${pending} and (p.method <> 'bank' or p.reference is not null))
              and o.date <= ?::timestamptz - make_interval(mins => ${setting('bankTransferMinutes')}))
          or (not exists (${pending}) and ${setting('pickUpMinutes')} > 0
              and o.date <= ?::timestamptz - make_interval(mins => ${setting('pickUpMinutes')})))
        ${after ? 'and (o.date, o._id) > (?::timestamptz, ?)' : ''}
      order by o.date, o._id limit ?`,
    [now.toISOString(), now.toISOString(), ...(after ? [new Date(after.date).toISOString(), after._id] : []), batch]
  )
}

/**
 * One sweep over every shop (the job queue's `orders.void-unpaid` runs it each minute, decision 0145; tests may too), a batch at a time; answers how many
 * orders it voided. An order another transaction holds is left for the next sweep.
 */
export const expireUnpaidOrders = async (commerce: Commerce, now = new Date(), batch = 100): Promise<number> => {
  let voided = 0
  let after: { date: Date; _id: string } | undefined
  for (;;) {
    const { rows } = (await expiredBatch(commerce.context.db.knex, now, batch, after)) as {
      rows: { _id: string; shop: string; date: Date }[]
    }
    const byShop = new Map<string, string[]>()
    for (const row of rows) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row._id])
    for (const [shop, ids] of byShop) voided += await expireShop(commerce, shop, ids, now)
    if (rows.length < batch) return voided
    after = rows[rows.length - 1]
  }
}
