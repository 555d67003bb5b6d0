import type { Knex } from 'knex'
import { formatOrderId, nextOrderNumber, orderIdPeriod } from '@emporia/shared'
import type { CheckoutSettings } from './checkout-settings'

/**
 * The next order id of a shop (decision 0078): one counter row per shop and numbering period, raised
 * inside the order's own transaction. Its row lock makes ids unique under concurrency, and a
 * rolled-back order rolls its number back with it, so there are no gaps. Taken as late as possible
 * in the checkout, because the lock is held until commit.
 */
export const takeOrderId = async (trx: Knex.Transaction, shop: string, settings: CheckoutSettings, at: Date) => {
  const list = settings.orderIdList ?? undefined
  const period = orderIdPeriod(list, at, settings.timeZone)
  const first = nextOrderNumber(list, null)
  // One round trip: the counter raised, and mirrored on the shop (`orderIdList.current`) for the
  // settings screen's "next order number".
  const { rows } = (await trx.raw(
    `with c as (
       insert into "orderSequences" (shop, period, current) values (?, ?, ?)
       on conflict (shop, period) do update set current = greatest("orderSequences".current + 1, ?)
       returning current),
     s as (
       update shops set "orderIdList" = jsonb_set(coalesce("orderIdList", '{}'::jsonb), '{current}', to_jsonb((select current from c)))
       where _id = ?)
     select current from c`,
    [shop, period, first, first, shop]
  )) as { rows: { current: string | number }[] }
  const seq = Number(rows[0].current)
  return { seq, orderId: formatOrderId(list, seq, at, settings.timeZone) }
}
