import type { Knex } from 'knex'
import { hourStamp, localParts } from '@emporia/shared'
import type { SaleEntry } from './sale-entries'
import { ROLLUP_LOCK, shopZoneSql, zoneOr } from './shop-zone'

export { allocate, paidOrderSale, refundSale, type SaleEntry, type SoldOrder, type SoldPayment } from './sale-entries'
export { rebuildSales } from './rebuild'
export { ROLLUP_LOCK, shopZoneSql, zoneOr } from './shop-zone'

/**
 * The sales rollup (decision 0082): the summary reads sums per local day and hour instead of
 * scanning orders, and the order's own transaction keeps them, so a sale shows the moment it commits.
 */

/** Rows one day's counters are spread over (the slot is the connection's, see addSale). */
export const ROLLUP_SLOTS = 8

interface Row {
  dim: string
  key: string
  amount: number
  orders: number
  quantity: number
}

// Quantities have at most three decimals (the ledger's rule); summing floats must not add more.
const thousandths = (n: number) => Math.round(n * 1000) / 1000

const rowsOf = (entry: SaleEntry, categories: Map<string, string[]>): Row[] => {
  const rows = new Map<string, Row>()
  const add = (dim: string, key: string, amount: number, quantity: number) => {
    const id = `${dim}\u0000${key}`
    const row = rows.get(id) ?? { dim, key, amount: 0, orders: entry.orders, quantity: 0 }
    row.amount += amount
    row.quantity = thousandths(row.quantity + quantity)
    rows.set(id, row)
  }
  add(
    'total',
    '',
    entry.amount,
    entry.lines.reduce((sum, line) => sum + line.quantity, 0)
  )
  for (const { method, amount } of entry.methods) add('method', method, amount, 0)
  for (const line of entry.lines)
    for (const category of categories.get(line.product) ?? ['']) add('category', category, line.amount, line.quantity)
  return [...rows.values()].sort((a, b) =>
    a.dim === b.dim ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.dim < b.dim ? -1 : 1
  )
}

/** A 24-hour array literal with `value` at `hour` and zero elsewhere. */
const hourArray = (hour: number, value: number) => `{${Array.from({ length: 24 }, (_, h) => (h === hour ? value : 0)).join(',')}}`

/**
 * Adds a sale or refund to the rollup inside the caller's transaction (the order's or payment's,
 * walled for the shop): one statement waits out a rebuild and reads the shop's zone and the
 * products' categories; one upsert adds to the day's rows and their hour. A product in several
 * categories counts in each; none counts as ''. Rows go in primary-key order (dim, key: the day is
 * the same), so checkouts lock the rows they share in one sequence; the slot is the connection's, so
 * two checkouts at once mostly update different rows.
 */
export const addSale = async (trx: Knex.Transaction, entry: SaleEntry): Promise<void> => {
  const products = [...new Set(entry.lines.map((line) => line.product))]
  const productList = products.length
    ? `(select coalesce(jsonb_agg(jsonb_build_array(p._id, p.category, p.categories)), '[]'::jsonb)
          from products p where p._id in (${products.map(() => '?').join(', ')}))`
    : `'[]'::jsonb`
  const { rows: found } = (await trx.raw(
    `select pg_advisory_xact_lock_shared(${ROLLUP_LOCK}, hashtext(?)), ${shopZoneSql} as zone, ${productList} as products`,
    [entry.shop, entry.shop, ...products]
  )) as { rows: { zone: string | null; products: [string, string | null, string[] | null][] | string }[] }
  const read = found[0]
  const list = typeof read.products === 'string' ? (JSON.parse(read.products) as typeof read.products) : read.products
  const categories = new Map<string, string[]>()
  for (const [id, category, more] of list as [string, string | null, string[] | null][]) {
    const all = [...new Set([category, ...(more ?? [])].filter((c): c is string => Boolean(c)))]
    categories.set(id, all.length ? all : [''])
  }
  const local = localParts(entry.at, zoneOr(read.zone))
  const day = hourStamp(local).slice(0, 10)
  const rows = rowsOf(entry, categories)
  const values = rows.map(
    () => `(?, ?, ?::date, ?, pg_backend_pid() % ${ROLLUP_SLOTS}, ?, ?, ?, ?::bigint[], ?::integer[], ?::numeric[])`
  )
  const bindings = rows.flatMap((row) => [
    entry.shop,
    row.dim,
    day,
    row.key,
    row.amount,
    row.orders,
    row.quantity,
    hourArray(local.hour, row.amount),
    hourArray(local.hour, row.orders),
    hourArray(local.hour, row.quantity)
  ])
  // PostgreSQL arrays count from 1; the hour is a number 0–23 of our own, safe to write into the statement.
  const h = local.hour + 1
  const add = (column: string) => `"${column}"[${h}] = "salesRollup"."${column}"[${h}] + excluded."${column}"[${h}]`
  await trx.raw(
    `insert into "salesRollup" (shop, dim, day, key, slot, amount, orders, quantity, "hourAmount", "hourOrders", "hourQuantity")
     values ${values.join(', ')}
     on conflict (shop, dim, day, key, slot) do update set
       amount = "salesRollup".amount + excluded.amount,
       orders = "salesRollup".orders + excluded.orders,
       quantity = "salesRollup".quantity + excluded.quantity,
       ${add('hourAmount')}, ${add('hourOrders')}, ${add('hourQuantity')}`,
    bindings
  )
}
