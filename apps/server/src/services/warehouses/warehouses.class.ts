import type { NullableId } from '@feathersjs/feathers'
import type { Warehouse } from '@emporia/shared'
import { lockWarehouses, refuseHeldStock } from '../../domains/stock/warehouse-holdings'
import { RecordService, type RecordParams } from '../../platform/records/record-service'

/**
 * Warehouses (spec §3.8). A warehouse that still holds stock, reservations or lots with units left
 * is not removed (docs/decisions/0070): its stock rows and ledger would go with it, and the units
 * would leave every total without a ledger row. One removal or a batch (`remove(null, {query})`),
 * the check and the delete are one transaction with the warehouses locked, so no stock can arrive
 * in between. An empty warehouse goes with its (zero) stock rows and its ledger history.
 */
export class WarehouseService extends RecordService<Warehouse> {
  override async _remove(id: null, params?: RecordParams): Promise<Warehouse[]>
  override async _remove(id: NullableId, params?: RecordParams): Promise<Warehouse>
  override async _remove(id: NullableId, params?: RecordParams): Promise<Warehouse | Warehouse[]>
  override async _remove(id: NullableId, params: RecordParams = {}): Promise<Warehouse | Warehouse[]> {
    const { transaction } = params
    if (!transaction) return this.options.db.knex.transaction((trx) => this._remove(id, { ...params, transaction: trx }))
    // The ids the removal names, with the call's conditions (its shop): never another shop's.
    const query = { ...((params.query ?? {}) as Record<string, unknown>) }
    delete query.$select
    const named = (await this._find({
      ...params,
      provider: undefined,
      paginate: false,
      query: id === null ? { ...query, $select: ['_id'] } : { ...query, _id: id, $select: ['_id'] }
    })) as { _id: string }[]
    const locked = await lockWarehouses(
      transaction,
      named.map((row) => row._id)
    )
    await refuseHeldStock(transaction, locked)
    if (id !== null) return super._remove(id, params)
    // Only what was checked goes, even if a matching warehouse was made meanwhile.
    return super._remove(null, { ...params, query: { ...(params.query as object), _id: { $in: locked } } })
  }
}
