import { BadRequest, MethodNotAllowed } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '@feathersjs/feathers'
import { shopTransaction } from '../../platform/tenancy'
import type { Model } from '../../platform/db/query/model'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import type { LedgerEnv, Row } from './moves'

/**
 * Derived rows (stocks, the ledger): readable through the record service, never written through it — not
 * by clients (the methods are not offered) and not by server code either (they throw). The ledger
 * (stock-ledger.ts) is the only writer.
 */
export class ReadOnlyRecordService<T> extends RecordService<T> {
  override async create(): Promise<never> {
    throw new MethodNotAllowed('Written by the inventory ledger only')
  }
  override async update(): Promise<never> {
    throw new MethodNotAllowed('Written by the inventory ledger only')
  }
  override async patch(): Promise<never> {
    throw new MethodNotAllowed('Written by the inventory ledger only')
  }
  override async remove(): Promise<never> {
    throw new MethodNotAllowed('Written by the inventory ledger only')
  }
}

/**
 * A record service whose writes go through the ledger (inventory entries, reservations): each write is one
 * transaction of the shop's, or the caller's own joined (shopTransaction), and publishes its
 * changes through the ledger's environment.
 */
export class LedgerRecordService<T> extends RecordService<T> {
  constructor(
    options: RecordOptions,
    protected readonly env: () => LedgerEnv
  ) {
    super(options)
  }

  protected get db() {
    return this.options.db.knex
  }

  /** The call's transaction: the caller's own (params.transaction) or a new one, walled for the shop. */
  protected inTransaction<R>(
    shop: string,
    params: RecordParams,
    run: (trx: Knex.Transaction, wall: string | undefined) => Promise<R>
  ) {
    return shopTransaction(this.db, this.options.rowSecurity === true, shop, run, params.transaction)
  }
}

export const shopOf = (params: RecordParams) => {
  if (!params.shop) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  return params.shop
}

export const userOf = (params: RecordParams) => (params as { user?: { _id: string } }).user?._id

/**
 * Keeps the fields a patch may change. Server-owned fields are dropped (editors send whole records
 * back, as the record service does); any other field is refused, naming it.
 */
export const pickPatch = (model: Model, data: unknown, allowed: readonly string[]): Row => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Data must be an object')
  const picked: Row = {}
  for (const [key, value] of Object.entries(data as Row)) {
    if (allowed.includes(key)) picked[key] = value
    else if (!model.fields.get(key)?.readOnly)
      throw new BadRequest(`"${key}" cannot be set here`, { key: 'format.invalid', field: key })
  }
  return picked
}

/** For methods whose answer is a report, not a record: there is nothing to announce. */
export const noEvent = (context: HookContext) => {
  context.event = null
}
