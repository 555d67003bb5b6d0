import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { stockReservationSchema, type StockReservation } from '@emporia/shared'
import { asRecord } from '../../domains/stock/changes'
import type { LedgerEnv, Row } from '../../domains/stock/moves'
import { badField, checkAmount } from '../../domains/stock/quantities'
import { LedgerRecordService, pickPatch, shopOf, userOf } from '../../domains/stock/service-support'
import { commit, release, releaseExpired, reserve } from '../../domains/stock/stock-ledger'
import type { RecordOptions, RecordParams } from '../../platform/records/record-service'
import { assertValid, dataValidators } from '../../platform/records/validate-data'
import { RESERVATION_FIELDS, stockReservationModel } from './stock-reservations.schema'

const validators = dataValidators(stockReservationModel)

/**
 * Stock held for an order (docs/decisions/0040): create reserves (409 when not enough is available),
 * patch `{status: 'committed'}` sells it, `{status: 'released'}` gives it back. An expiry sweep
 * releases reservations whose `expiresAt` has passed.
 */
export class StockReservationService extends LedgerRecordService<StockReservation> {
  constructor(options: RecordOptions, env: () => LedgerEnv) {
    super(options, env)
  }

  /** Releases expired reservations now (the job queue's `stock.release-reservations` calls it, decision 0145; tests may too). */
  sweep() {
    return releaseExpired(this.db, this.env())
  }

  override async create(data: Partial<StockReservation> | Partial<StockReservation>[], params: RecordParams = {}) {
    if (Array.isArray(data)) throw new BadRequest('Reserve one line at a time')
    const shop = shopOf(params)
    const input = pickPatch(stockReservationModel, data, RESERVATION_FIELDS)
    if (input.status !== undefined && input.status !== 'reserved') throw badField('status', 'A new reservation is reserved')
    checkAmount(input.quantity, 'quantity')
    const record: Row = { ...input, sku: input.sku ?? '', status: 'reserved' }
    assertValid(validators.create, record)
    const source = (record.source as StockReservation['source']) ?? null
    return this.inTransaction(shop, params, async (trx, wall) => {
      const row = await reserve(
        trx,
        {
          shop,
          warehouse: String(record.warehouse),
          product: String(record.product),
          sku: String(record.sku),
          quantity: Number(record.quantity),
          expiresAt: (record.expiresAt as string | null | undefined) ?? null,
          source
        },
        // The POS may sell below zero when the shop allows it (posAllowOutOfStock).
        { env: this.env(), user: userOf(params), wall, pos: source?.type === 'pos', source: { type: 'reservation' } }
      )
      return asRecord(stockReservationSchema, row)
    })
  }

  override async patch(id: NullableId, data: Partial<StockReservation>, params: RecordParams = {}) {
    if (id === null) throw new BadRequest('Change reservations one at a time')
    const shop = shopOf(params)
    const { status } = pickPatch(stockReservationModel, data, ['status']) as Row
    if (status !== 'committed' && status !== 'released')
      throw badField('status', 'A reservation can only be committed or released')
    return this.inTransaction(shop, params, async (trx, wall) => {
      const ctx = { env: this.env(), user: userOf(params), wall, shop, source: { type: 'reservation', id: String(id) } }
      const row = status === 'committed' ? await commit(trx, String(id as Id), ctx) : await release(trx, String(id as Id), ctx)
      return asRecord(stockReservationSchema, row)
    })
  }
}
