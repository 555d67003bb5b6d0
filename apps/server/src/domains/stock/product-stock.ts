import type { Knex } from 'knex'
import type { ChangeSet } from './changes'
import type { Row } from './moves'
import type { WallSwitch } from '../../platform/tenancy'

/**
 * The status rule (docs/decisions/0040, 0070), with the shop's "Reset Product Status" switch: a
 * selling product with nothing available becomes auto_soldOut (unless it may be sold out of
 * stock), and comes back to selling when stock returns. With the switch off the inventory sets no
 * status, so one it had set goes back to selling. A status a person set is left alone. It runs
 * whenever stock moves, a product is written, and the switch changes: one rule, one status. A shop that
 * tracks no stock (useInventory off, decision 0178) is as one with the switch off.
 * `avail` is the SQL for what is available (aliases: `p` the product, `sh` its shop).
 */
export const statusRule = (avail: string) => `case
    when not sh."resetInventoryStatus" or not sh."useInventory" then (case when p.status = 'auto_soldOut' then 'selling' else p.status end)
    when p.status = 'selling' and ${avail} <= 0 and not coalesce(p."allowOutOfStock", false) then 'auto_soldOut'
    when p.status = 'auto_soldOut' and (${avail} > 0 or coalesce(p."allowOutOfStock", false)) then 'selling'
    else p.status end`
const STATUS_RULE = statusRule('s.avail')

/**
 * `cachedInventory` (on hand, all warehouses and SKUs), `cachedReserved` (held for orders) and status
 * of some of one shop's products. The one-statement sale (quick-sale.ts) moves both totals by its delta.
 */
const REFRESH = `update products as p
  set "cachedInventory" = s.onhand, "cachedReserved" = s.onhand - s.avail, status = ${STATUS_RULE}, "updatedAt" = now()
  from shops sh, (
    select u.pid, coalesce(sum(st.quantity), 0) as onhand, coalesce(sum(st.quantity - st.reserved), 0) as avail
    from unnest(?::char(24)[]) as u(pid) left join stocks st on st.shop = ? and st.product = u.pid
    group by u.pid) s
  where p._id = s.pid and p.shop = ? and sh._id = p.shop
  returning `

/**
 * Recomputes products whose rows this transaction has locked. `ledger` rows, when given, are
 * inserted by the same statement (one round trip less per sale; the sums do not read them).
 */
export const refreshShopProducts = async (
  trx: Knex.Transaction,
  shop: string,
  ids: string[],
  ledger: Row[] = [],
  /** The products' columns to answer (all by default; a caller that needs only the status says so). */
  returning: 'p.*' | 'p._id, p.status' = 'p.*'
) => {
  const statement = ledger.length
    ? trx.raw(`with logs as (?) ${REFRESH}${returning}`, [trx('inventoryLogs').insert(ledger), ids, shop, shop])
    : trx.raw(`${REFRESH}${returning}`, [ids, shop, shop])
  return ((await statement) as { rows: Row[] }).rows
}

/**
 * Locks the products in id order — after the stock rows, so every transaction takes its locks in
 * the same order (docs/decisions/0040) — then recomputes them. The sums are read by a statement
 * that starts after the lock is held: an update whose sum was read before waiting for the lock
 * would miss a concurrent change to another warehouse of the same product.
 */
export const refreshProducts = async (
  trx: Knex.Transaction,
  products: { _id: string; shop: string }[],
  walls: WallSwitch,
  changes: ChangeSet
) => {
  const sorted = [...new Map(products.map((p) => [p._id, p])).values()].sort((a, b) => (a._id < b._id ? -1 : 1))
  // Runs of one shop lock in one statement (the wall may differ from one run to the next).
  for (let i = 0; i < sorted.length;) {
    const shop = sorted[i].shop
    let j = i
    while (j < sorted.length && sorted[j].shop === shop) j++
    await walls.enter(shop)
    await trx.raw('select _id from products where _id = any(?) order by _id for no key update', [
      sorted.slice(i, j).map((p) => p._id)
    ])
    i = j
  }
  for (const shop of [...new Set(sorted.map((p) => p.shop))]) {
    await walls.enter(shop)
    const ids = sorted.filter((p) => p.shop === shop).map((p) => p._id)
    for (const row of await refreshShopProducts(trx, shop, ids)) changes.product(row)
  }
}

/**
 * The status rule over every product of a shop whose status it may change (the shop's switch was
 * turned): products locked in id order as the ledger locks them, only changed rows written.
 */
export const applyStatusRule = async (trx: Knex.Transaction, shop: string, changes: ChangeSet) => {
  await trx.raw(
    `select _id from products where shop = ? and status in ('selling', 'auto_soldOut') order by _id for no key update`,
    [shop]
  )
  const { rows } = (await trx.raw(
    `update products as p set status = ${STATUS_RULE}, "updatedAt" = now()
     from shops sh, (
       select q._id as pid, coalesce(sum(st.quantity - st.reserved), 0) as avail
       from products q left join stocks st on st.shop = q.shop and st.product = q._id
       where q.shop = ? and q.status in ('selling', 'auto_soldOut') group by q._id) s
     where p._id = s.pid and p.shop = ? and sh._id = p.shop and p.status <> ${STATUS_RULE}
     returning p.*`,
    [shop, shop]
  )) as { rows: Row[] }
  for (const row of rows) changes.product(row)
  return rows
}
