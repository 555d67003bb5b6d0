import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { StockReservationStatus } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import { ChangeSet } from './changes'
import type { LedgerContext, LedgerEnv, Row, StockKey, StockMove } from './moves'
import { badField, checkAmount, round3 } from './quantities'
import { moveStock } from './move-stock'

export interface ReserveData extends StockKey {
  quantity: number
  /** Unpaid orders hold stock until then; null holds until committed or released. */
  expiresAt?: string | null
  source?: { type: string; id?: string } | null
  /** Which input fields a refusal names (an order line's, e.g. `products.2.quantity`). */
  fields?: StockMove['fields']
}

type Reservation = Row & StockKey & { _id: string; quantity: number; status: StockReservationStatus }
/** Commit and release may be limited to one shop's reservations (a shop-bound call). */
export type ReservationContext = LedgerContext & { shop?: string }

/**
 * Holds stock for an order (docs/decisions/0040): `reserved` rises under the same conditional
 * update a sale uses, so a reservation can never take more than is available. No ledger row: the
 * on-hand quantity has not changed yet.
 */
export const reserve = async (trx: Knex.Transaction, data: ReserveData, ctx: LedgerContext): Promise<Reservation> =>
  (await reserveMany(trx, [data], ctx))[0]

/**
 * Holds stock for every line of an order in one ledger pass (one lock run, one insert): what an
 * order's checkout costs is one round of statements, whatever its number of lines (decision 0078).
 * `committed`: the order is paid in the same transaction (a counter sale), so the lines are reserved
 * and sold in one pass — the same availability check, the same `sale` ledger rows and reservations
 * left `committed`, as a reserve followed by a commit would leave.
 */
export const reserveMany = async (
  trx: Knex.Transaction,
  lines: ReserveData[],
  ctx: LedgerContext,
  options: { committed?: boolean } = {}
): Promise<Reservation[]> => {
  const sold = options.committed === true
  // Checked in the product's units by the ledger (never rounded into them); round3 only clears binary noise.
  const asked = lines.map((line) => checkAmount(line.quantity, line.fields?.quantity ?? 'quantity'))
  const changes = new ChangeSet()
  await moveStock(
    trx,
    lines.map(({ shop, warehouse, product, sku, fields }, i) => ({
      shop,
      warehouse,
      product,
      sku,
      delta: sold ? -asked[i] : 0,
      reserved: sold ? 0 : asked[i],
      type: 'sale' as const,
      fields
    })),
    ctx,
    changes
  )
  const rows = (await trx('stockReservations')
    .insert(
      lines.map((data, i) => ({
        _id: newObjectId(),
        shop: data.shop,
        warehouse: data.warehouse,
        product: data.product,
        sku: data.sku,
        quantity: round3(asked[i]),
        status: sold ? 'committed' : 'reserved',
        expiresAt: data.expiresAt ?? null,
        source: data.source ? JSON.stringify(data.source) : null
      }))
    )
    .returning('*')) as Reservation[]
  changes.publishAfter(trx, ctx.env)
  return rows
}

/**
 * Closes many reservations at once (an order's lines): every one must still be reserved, else the
 * whole call is refused. `committed` sells them (one `sale` ledger row each), `released` gives the
 * stock back.
 */
export const closeMany = async (
  trx: Knex.Transaction,
  ids: string[],
  status: 'committed' | 'released',
  ctx: ReservationContext
): Promise<Reservation[]> => {
  if (!ids.length) return []
  const query = trx('stockReservations').whereIn('_id', ids).where({ status: 'reserved' })
  const rows = (await (ctx.shop ? query.where({ shop: ctx.shop }) : query)
    .update({ status, updatedAt: trx.fn.now() })
    .returning('*')) as Reservation[]
  if (rows.length !== new Set(ids).size) throw badField('status', 'A reservation of this order is no longer held')
  const changes = new ChangeSet()
  const sold = status === 'committed'
  await moveStock(
    trx,
    rows.map(({ shop, warehouse, product, sku, quantity }) => ({
      shop,
      warehouse,
      product,
      sku,
      delta: sold ? -quantity : 0,
      reserved: -quantity,
      type: 'sale' as const
    })),
    ctx,
    changes
  )
  for (const row of rows) changes.reservations.set(row._id, row)
  changes.publishAfter(trx, ctx.env)
  return rows
}

/** Moves a reservation out of `reserved`, or says why it cannot (404, or 400 naming `status`). */
const close = async (trx: Knex.Transaction, id: string, status: StockReservationStatus, shop?: string) => {
  const scoped = () => (shop ? trx('stockReservations').where({ _id: id, shop }) : trx('stockReservations').where({ _id: id }))
  const [row] = (await scoped()
    .where({ status: 'reserved' })
    .update({ status, updatedAt: trx.fn.now() })
    .returning('*')) as Reservation[]
  if (row) return row
  const existing = (await scoped().first('status')) as { status: string } | undefined
  if (!existing) throw new NotFound(`No record found for id '${id}'`)
  throw badField('status', `The reservation is already ${existing.status}`)
}

/** The sale: on-hand and reserved both drop, one `sale` ledger row (lots consumed as for any sale). */
export const commit = async (trx: Knex.Transaction, id: string, ctx: ReservationContext): Promise<Reservation> => {
  const row = await close(trx, id, 'committed', ctx.shop)
  const changes = new ChangeSet()
  const { shop, warehouse, product, sku, quantity } = row
  const source = { type: 'reservation', id }
  await moveStock(
    trx,
    [{ shop, warehouse, product, sku, delta: -quantity, reserved: -quantity, type: 'sale' }],
    { ...ctx, source },
    changes
  )
  changes.publishAfter(trx, ctx.env)
  return row
}

/** Gives the held stock back (`released` by a person, `expired` by the sweep). */
export const release = async (
  trx: Knex.Transaction,
  id: string,
  ctx: ReservationContext,
  status: 'released' | 'expired' = 'released'
): Promise<Reservation> => {
  const row = await close(trx, id, status, ctx.shop)
  const changes = new ChangeSet()
  const { shop, warehouse, product, sku, quantity } = row
  await moveStock(trx, [{ shop, warehouse, product, sku, delta: 0, reserved: -quantity, type: 'sale' }], ctx, changes)
  changes.publishAfter(trx, ctx.env)
  return row
}

/**
 * The expiry sweep: releases reservations whose time ran out, a batch per transaction. Rows another
 * transaction holds (being committed right now) are skipped, never waited for; the next run sees them.
 * Runs as the owner, across shops. Answers how many it released.
 */
export const releaseExpired = async (knex: Knex, env?: LedgerEnv, batch = 200): Promise<number> => {
  let released = 0
  for (;;) {
    const count = await knex.transaction(async (trx) => {
      const { rows } = (await trx.raw(
        `update "stockReservations" set status = 'expired', "updatedAt" = now()
         where _id in (select _id from "stockReservations" where status = 'reserved' and "expiresAt" <= now()
                       order by "expiresAt", _id limit ? for update skip locked)
         returning *`,
        [batch]
      )) as { rows: Reservation[] }
      if (!rows.length) return 0
      const changes = new ChangeSet()
      const moves = rows.map(({ shop, warehouse, product, sku, quantity }) => ({
        shop,
        warehouse,
        product,
        sku,
        delta: 0,
        reserved: -quantity,
        type: 'sale' as const
      }))
      await moveStock(trx, moves, { source: { type: 'expiry' } }, changes)
      for (const row of rows) changes.reservations.set(row._id, row)
      changes.publishAfter(trx, env)
      return rows.length
    })
    released += count
    if (count < batch) return released
  }
}
