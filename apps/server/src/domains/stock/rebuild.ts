import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import { ChangeSet } from './changes'
import type { LedgerEnv, Row } from './moves'
import { refreshShopProducts } from './product-stock'
import { round3 } from './quantities'

type Change<T> = { was: T; now: T }
export interface RebuildReport {
  shops: number
  stocks: {
    _id: string
    shop: string
    warehouse: string
    product: string
    sku: string
    quantity: Change<number>
    reserved: Change<number>
  }[]
  lots: { _id: string; shop: string; quantity: Change<number>; status: Change<string> }[]
  products: { _id: string; shop: string; cachedInventory: Change<number>; status: Change<string> }[]
}

type StockRow = { _id: string; warehouse: string; product: string; sku: string; quantity: number; reserved: number }
const keyOf = (row: { warehouse: string; product: string; sku: string }) => `${row.warehouse}/${row.product}/${row.sku}`

/**
 * Recomputes what is derived from the ledger (docs/decisions/0040): stock quantities from the
 * ledger sums, reserved quantities from open reservations, lot remainders from lot-linked ledger
 * rows, then every product's cachedInventory and status. Runs as the owner, one transaction per
 * shop, and answers what it changed (nothing, when the derived numbers were right).
 */
export const rebuild = async (knex: Knex, shop?: string, env?: LedgerEnv): Promise<RebuildReport> => {
  const shops = shop ? [shop] : ((await knex('shops').select('_id').orderBy('_id')) as { _id: string }[]).map((s) => s._id)
  const report: RebuildReport = { shops: shops.length, stocks: [], lots: [], products: [] }
  for (const id of shops) {
    const changes = new ChangeSet()
    await knex.transaction(async (trx) => {
      await rebuildStocks(trx, id, report, changes)
      await rebuildLots(trx, id, report, changes)
      await rebuildProducts(trx, id, report, changes)
      changes.publishAfter(trx, env)
    })
  }
  return report
}

const rebuildStocks = async (trx: Knex.Transaction, shop: string, report: RebuildReport, changes: ChangeSet) => {
  // Locked in the ledger's order, so operations running meanwhile wait instead of deadlocking.
  const current = (await trx('stocks').where({ shop }).orderBy(['warehouse', 'product', 'sku']).forUpdate()) as StockRow[]
  const sums = (await trx('inventoryLogs')
    .where({ shop, status: 'done' })
    .groupBy('warehouse', 'product', 'sku')
    .select('warehouse', 'product', 'sku', trx.raw('sum(delta) as quantity'))) as StockRow[]
  const held = (await trx('stockReservations')
    .where({ shop, status: 'reserved' })
    .groupBy('warehouse', 'product', 'sku')
    .select('warehouse', 'product', 'sku', trx.raw('sum(quantity) as reserved'))) as StockRow[]
  const expected = new Map<string, { warehouse: string; product: string; sku: string; quantity: number; reserved: number }>()
  const want = (row: StockRow) => {
    const key = keyOf(row)
    const entry = expected.get(key) ?? { warehouse: row.warehouse, product: row.product, sku: row.sku, quantity: 0, reserved: 0 }
    expected.set(key, entry)
    return entry
  }
  for (const row of current) want(row)
  for (const row of sums) want(row).quantity = round3(Number(row.quantity))
  for (const row of held) want(row).reserved = round3(Number(row.reserved))
  const byKey = new Map(current.map((row) => [keyOf(row), row]))
  for (const [key, goal] of expected) {
    const row = byKey.get(key)
    const was = { quantity: row ? round3(row.quantity) : 0, reserved: row ? round3(row.reserved) : 0 }
    if (was.quantity === goal.quantity && was.reserved === goal.reserved) continue
    const values = { quantity: goal.quantity, reserved: goal.reserved, updatedAt: trx.fn.now() }
    const [saved] = row
      ? ((await trx('stocks').where({ _id: row._id }).update(values).returning('*')) as StockRow[])
      : ((await trx('stocks')
          .insert({ _id: newObjectId(), shop, ...goal })
          .onConflict(['warehouse', 'product', 'sku'])
          .merge(values)
          .returning('*')) as StockRow[])
    changes.stock(saved, !row)
    report.stocks.push({
      _id: saved._id,
      shop,
      ...goal,
      quantity: { was: was.quantity, now: goal.quantity },
      reserved: { was: was.reserved, now: goal.reserved }
    })
  }
}

// The shop's stock rows are locked by now: no operation changes its lots until this commits.
const rebuildLots = async (trx: Knex.Transaction, shop: string, report: RebuildReport, changes: ChangeSet) => {
  const { rows } = (await trx.raw(
    `select l._id, l.quantity, l.status, coalesce(sum(g.delta), 0) as remainder
     from "inventoryLots" l left join "inventoryLogs" g on g.shop = l.shop and g.lot = l._id and g.status = 'done'
     where l.shop = ? group by l._id order by l._id`,
    [shop]
  )) as { rows: { _id: string; quantity: number; status: string; remainder: number }[] }
  for (const lot of rows) {
    const quantity = round3(Number(lot.remainder))
    const status = quantity <= 0 ? 'empty' : lot.status === 'expired' ? 'expired' : 'active'
    if (round3(lot.quantity) === quantity && lot.status === status) continue
    const [saved] = (await trx('inventoryLots')
      .where({ _id: lot._id })
      .update({ quantity, status, updatedAt: trx.fn.now() })
      .returning('*')) as Row[]
    changes.lot(saved, false)
    report.lots.push({
      _id: lot._id,
      shop,
      quantity: { was: round3(lot.quantity), now: quantity },
      status: { was: lot.status, now: status }
    })
  }
}

/** Every product of the shop, also those no move touched lately: the "Reset Product Status" rule runs over all. */
const rebuildProducts = async (trx: Knex.Transaction, shop: string, report: RebuildReport, changes: ChangeSet) => {
  const before = (await trx('products')
    .where({ shop })
    .orderBy('_id')
    .forNoKeyUpdate()
    .select('_id', 'cachedInventory', 'status')) as { _id: string; cachedInventory: number; status: string }[]
  if (!before.length) return
  const was = new Map(before.map((p) => [p._id, p]))
  for (const row of await refreshShopProducts(
    trx,
    shop,
    before.map((p) => p._id)
  )) {
    const old = was.get(String(row._id))
    const now = { cachedInventory: round3(Number(row.cachedInventory)), status: String(row.status) }
    if (!old || (round3(old.cachedInventory) === now.cachedInventory && old.status === now.status)) continue
    changes.product(row)
    report.products.push({
      _id: old._id,
      shop,
      cachedInventory: { was: round3(old.cachedInventory), now: now.cachedInventory },
      status: { was: old.status, now: now.status }
    })
  }
}
