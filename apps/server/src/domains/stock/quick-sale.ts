import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isPostgres } from '../../platform/db/dialect'
import { wallStatement } from '../../platform/tenancy'
import { ChangeSet } from './changes'
import { checkMove, type ProductFacts, type ShopFacts } from './facts'
import { ledgerRecord, ledgerRows } from './ledger-rows'
import type { LedgerContext, Row, StockMove } from './moves'
import { statusRule } from './product-stock'
import { notEnough } from './stock-rows'

/**
 * A sale of whole units from one stock row, as ONE statement (docs/decisions/0102): the shop's facts
 * (the warehouse under a key-share lock, 0070), the conditional stock update, the product's totals
 * and status, and the ledger row. Lock order as in 0040: warehouse, stock row, product — each
 * data-modifying part waits on the one before it (EXISTS over it), so the order is fixed.
 *
 * The product is moved by the sale's delta, not recomputed from `stocks`: a statement reads every
 * table at its snapshot, taken before it waited for the product's lock, while the product row it
 * updates is the newest version (re-read after the wait), and every other writer of stock recomputes
 * that row under the same lock. `cachedInventory` and `cachedReserved` on it are therefore exact.
 *
 * Nothing is written unless every check passes; the statement answers the facts, from which the
 * refusal is decided by the same checkMove the general path uses. Cases it does not write and leaves to
 * the general path (it answers undefined): a shop that keeps lots, a product that may be sold out of
 * stock (the row may go below zero or not exist yet), and any product whose SKUs the SQL test cannot
 * read as a list.
 */
const SALE = `with
  wh as (select _id from warehouses where shop = :shop and _id = :warehouse for key share),
  pr as (select _id, shop, skus, "weightType", "allowOutOfStock" from products where shop = :shop and _id = :product),
  sh as (select "useInventoryLot", "posAllowOutOfStock", "useInventory" from shops where _id = :shop),
  ok as (
    select 1 from wh, pr, sh
    where not sh."useInventoryLot" and sh."useInventory" and not coalesce(pr."allowOutOfStock", false)
      and case when jsonb_typeof(pr.skus) = 'array' and jsonb_array_length(pr.skus) > 0
            then pr.skus @> jsonb_build_array(jsonb_build_object('id', :sku::text))
            else :sku::text = '' and (pr.skus is null or pr.skus in ('[]'::jsonb, 'null'::jsonb)) end),
  st as (
    update stocks set quantity = quantity - :units::numeric, "updatedAt" = now()
    where shop = :shop and warehouse = :warehouse and product = :product and sku = :sku::text
      and quantity - :units::numeric - reserved >= 0 and exists (select 1 from ok)
    returning _id, shop, warehouse, product, sku, quantity, reserved, "createdAt", "updatedAt"),
  pd as (
    update products p set "cachedInventory" = p."cachedInventory" - :units::numeric,
      status = ${statusRule(`(p."cachedInventory" - :units::numeric - p."cachedReserved")`)}, "updatedAt" = now()
    from shops sh where p._id = :product and p.shop = :shop and sh._id = p.shop and exists (select 1 from st)
    returning p.*),
  lg as (
    insert into "inventoryLogs" (_id, shop, warehouse, product, sku, type, delta, quantity, source, status, lot,
                                 counterpart, "user", comment, "createdAt", "updatedAt")
    select :id::char(24), st.shop, st.warehouse, st.product, st.sku, :type::text, -:units::numeric, st.quantity,
           :source::jsonb, 'done', null, null, :user::char(24), :comment::text, :now::timestamptz, :now::timestamptz
    from st
    returning _id)
select (select _id from wh) as "factWarehouse", (select row_to_json(pr) from pr) as "factProduct",
       (select row_to_json(sh) from sh) as "factShop", exists (select 1 from ok) as "factOk",
       st._id as "stockId", st.quantity as "stockQuantity", st.reserved as "stockReserved",
       st."createdAt" as "stockCreatedAt", st."updatedAt" as "stockUpdatedAt", pd.*
from (select 1) one left join st on true left join pd on true`

interface SaleRow extends Row {
  factWarehouse: string | null
  factProduct: ProductFacts | null
  factShop: { useInventoryLot: boolean; posAllowOutOfStock: boolean; useInventory?: boolean } | null
  factOk: boolean
  stockId: string | null
  stockQuantity: number
  stockReserved: number
  stockCreatedAt: string
  stockUpdatedAt: string
}

/** The statement's own columns beside the product's (`pd.*`). */
const SALE_COLUMNS = [
  'factWarehouse',
  'factProduct',
  'factShop',
  'factOk',
  'stockId',
  'stockQuantity',
  'stockReserved',
  'stockCreatedAt',
  'stockUpdatedAt'
] as const

/** What the fast path takes: one take-away of whole units from one stock row, outside any caller's transaction. */
export const coversSale = (move: StockMove) =>
  move.delta < 0 && Number.isInteger(move.delta) && !move.reserved && !move.carry && move.from === undefined && !move.lot

/**
 * Sells `move` (a negative whole delta) in one statement, behind `wall`'s row security when given.
 * Answers the ledger records written, throws the general path's refusal, or answers undefined when
 * the case is not one it covers (nothing written; the caller runs the general path).
 */
export const quickSale = async (
  knex: Knex,
  wall: string | undefined,
  move: StockMove,
  ctx: LedgerContext
): Promise<Row[] | undefined> => {
  const units = -move.delta
  // The quantity after the sale is only known inside the statement, which writes it itself.
  const record = ledgerRecord(move, ctx, { delta: move.delta, lot: null }, 0)
  const [row] = ledgerRows([record])
  const bindings = {
    shop: move.shop,
    warehouse: move.warehouse,
    product: move.product,
    sku: move.sku,
    units,
    id: record._id,
    type: move.type,
    source: row.source,
    user: record.user,
    comment: record.comment,
    now: record.createdAt
  }
  // A named (prepared) statement on PostgreSQL: planning it cost more than running it (0.5 ms against
  // 0.2 ms, EXPLAIN ANALYZE behind the wall), and every sale sends the same text.
  const prepared = isPostgres(knex)
  const run = async (db: Knex | Knex.Transaction) => {
    const statement = db.raw(SALE, bindings)
    if (prepared) statement.options({ name: 'emporia_quick_sale' })
    return ((await statement) as { rows: SaleRow[] }).rows[0]
  }
  const answer = wall ? await wallStatement(knex, wall, run) : await run(knex)

  if (!answer.factShop) throw new NotFound('No such shop')
  const facts: ShopFacts = {
    warehouses: new Set(answer.factWarehouse ? [answer.factWarehouse] : []),
    products: new Map(answer.factProduct ? [[answer.factProduct._id, answer.factProduct]] : []),
    useInventoryLot: answer.factShop.useInventoryLot === true,
    posAllowOutOfStock: answer.factShop.posAllowOutOfStock === true,
    useInventory: answer.factShop.useInventory !== false
  }
  if (!answer.stockId) {
    // The general path's checks, on the facts the statement saw: the same refusals, the same keys.
    checkMove(move, facts)
    // Passed there but not here: lots, sold out of stock allowed (or no stock tracked), SKUs of another shape.
    if (!answer.factOk) return undefined
    // Every check passed but the stock: not enough (or no stock row). What is left, read afresh.
    const key = { shop: move.shop, warehouse: move.warehouse, product: move.product, sku: move.sku }
    throw wall ? await wallStatement(knex, wall, (db) => notEnough(db, key)) : await notEnough(knex, key)
  }

  record.quantity = answer.stockQuantity
  const changes = new ChangeSet()
  const product: Row = { ...answer }
  for (const key of SALE_COLUMNS) delete product[key]
  changes.stock(
    {
      _id: answer.stockId,
      shop: move.shop,
      warehouse: move.warehouse,
      product: move.product,
      sku: move.sku,
      quantity: answer.stockQuantity,
      reserved: answer.stockReserved,
      createdAt: answer.stockCreatedAt,
      updatedAt: answer.stockUpdatedAt
    },
    false
  )
  changes.logs.push(record)
  changes.product(product)
  changes.publishCommitted(ctx.env)
  return [record]
}
