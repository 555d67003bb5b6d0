import type { Knex } from 'knex'
import type { ChangeSet } from './changes'
import { checkMove, loadShopFacts, type ShopFacts } from './facts'
import { consumeLots, openLots, type Piece } from './lots'
import type { LedgerContext, LedgerResult, Row, StockKey, StockMove } from './moves'
import { insertLedger, ledgerRecords, ledgerRows } from './ledger-rows'
import { refreshProducts, refreshShopProducts } from './product-stock'
import { lockStock, type LockedStock } from './stock-rows'
import { WallSwitch } from '../../platform/tenancy'

/** The one lock order of the inventory (docs/decisions/0040): shop, warehouse, product, sku. */
const compareKeys = (a: StockKey, b: StockKey) => {
  for (const key of ['shop', 'warehouse', 'product', 'sku'] as const) if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1
  return 0
}

/**
 * The one owner of stock changes (ARCHITECTURE §3.4): inside the caller's transaction it checks
 * the moves, locks and changes the stock rows in the fixed order, consumes or opens lots, writes
 * the ledger rows (one per move, one per lot a move touches), then locks and recomputes the
 * products. A refusal throws and the caller's transaction rolls back whole. What changed is
 * collected in `changes`, which the caller publishes (stock-ledger.ts `applyMoves` does).
 */
export const moveStock = async (
  trx: Knex.Transaction,
  input: StockMove[],
  ctx: LedgerContext,
  changes: ChangeSet
): Promise<LedgerResult> => {
  if (!input.length) return { logs: [], stocks: [], lots: [], products: [] }
  const walls = new WallSwitch(trx, ctx.wall)
  const order = input.map((_, i) => i).sort((a, b) => compareKeys(input[a], input[b]) || a - b)
  const shops = [...new Set(order.map((i) => input[i].shop))]
  const facts = new Map<string, ShopFacts>()
  for (const shop of shops) {
    await walls.enter(shop)
    const mine = input.filter((m) => m.shop === shop)
    facts.set(shop, await loadShopFacts(trx, shop, mine))
  }
  const factsOf = (move: StockMove) => facts.get(move.shop) as ShopFacts
  const moves = input.map((move) => checkMove(move, factsOf(move)))

  // In one shop (every sale) the last stock statement also locks the products; across shops each
  // lock run may need another shop's wall (refreshProducts).
  const productIds = [...new Set(moves.map((m) => m.product))]
  const single = shops.length === 1
  const locked: LockedStock[] = []
  for (const i of order) {
    const move = moves[i]
    const shop = factsOf(move)
    const allowed =
      Boolean(shop.products.get(move.product)?.allowOutOfStock) ||
      (ctx.pos === true && shop.posAllowOutOfStock) ||
      // A shop that does not track stock (useInventory off, decision 0178) sells whatever the ledger says.
      !shop.useInventory ||
      move.carry === true
    const last = i === order[order.length - 1]
    await walls.enter(move.shop)
    locked[i] = await lockStock(trx, move, allowed, single && last ? productIds : [])
    changes.stock(locked[i].row, locked[i].created)
  }

  // Lots: what leaves first, so goods moved elsewhere can carry their lots' dates along.
  const pieces: Piece[][] = []
  for (const i of order.filter((i) => moves[i].delta < 0)) {
    const move = moves[i]
    await walls.enter(move.shop)
    pieces[i] = factsOf(move).useInventoryLot
      ? await consumeLots(trx, move, -move.delta, changes)
      : [{ lot: null, delta: move.delta }]
  }
  for (const i of order.filter((i) => moves[i].delta > 0)) {
    const move = moves[i]
    await walls.enter(move.shop)
    const taken = move.from === undefined ? undefined : pieces[move.from]
    // A carried balance opens no lot of its own: only lots it was given follow it.
    const lots = factsOf(move).useInventoryLot && !(move.carry && taken === undefined)
    pieces[i] = lots ? await openLots(trx, move, taken, changes) : [{ lot: null, delta: move.delta }]
  }

  // Answered in the order the moves were given. In one shop, the products' statement writes them.
  const written: { i: number; record: Row }[] = []
  for (const shop of shops) {
    const mine = order.filter((i) => moves[i].shop === shop && moves[i].delta !== 0)
    written.push(...mine.flatMap((i) => ledgerRecords(moves[i], locked[i], pieces[i], ctx).map((record) => ({ i, record }))))
  }
  const logs = written.sort((x, y) => x.i - y.i).map((entry) => entry.record)
  changes.logs.push(...logs)

  if (single) {
    for (const row of await refreshShopProducts(trx, shops[0], productIds, ledgerRows(logs))) changes.product(row)
  } else {
    for (const shop of shops) {
      await walls.enter(shop)
      const mine = logs.filter((log) => log.shop === shop)
      await insertLedger(trx, mine)
    }
    await refreshProducts(
      trx,
      moves.map((m) => ({ _id: m.product, shop: m.shop })),
      walls,
      changes
    )
  }
  await walls.leave()
  return {
    logs,
    stocks: [...changes.stocks.values()].map((s) => s.row),
    lots: [...changes.lots.values()].map((s) => s.row),
    products: [...changes.products.values()]
  }
}
