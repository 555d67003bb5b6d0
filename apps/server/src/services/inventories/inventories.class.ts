import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { defaultTotalPrice, type Inventory } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import { ChangeSet } from '../../domains/stock/changes'
import type { Row } from '../../domains/stock/moves'
import { checkAmount } from '../../domains/stock/quantities'
import { LedgerRecordService, pickPatch, shopOf, userOf } from '../../domains/stock/service-support'
import { applyMoves } from '../../domains/stock/stock-ledger'
import type { RecordParams } from '../../platform/records/record-service'
import { assertValid, dataValidators, stripReadOnly } from '../../platform/records/validate-data'
import { INVENTORY_PATCHABLE, inventoryModel } from './inventories.schema'
import { recordStockOperation } from '../../domains/audit/audit-log'

const validators = dataValidators(inventoryModel)

/**
 * Inventory entries (spec §3.8): creating one is a restock — the entry, its ledger row and (when the
 * shop uses lots) its lot in one transaction. Afterwards only the paperwork may change.
 */
export class InventoryService extends LedgerRecordService<Inventory> {
  override async create(data: Partial<Inventory> | Partial<Inventory>[], params: RecordParams = {}): Promise<Inventory> {
    if (Array.isArray(data)) throw new BadRequest('Restock one entry at a time')
    const shop = shopOf(params)
    const input = params.provider ? stripReadOnly(inventoryModel, data as Row) : { ...(data as Row) }
    const quantity = checkAmount(input.quantity, 'quantity')
    input.sku ??= ''
    assertValid(validators.create, input)
    const unitPrice = (input.unitPrice as number | null | undefined) ?? null
    const entry = {
      ...input,
      _id: newObjectId(),
      shop,
      entryDate: input.entryDate ?? new Date().toISOString(),
      totalPrice: input.totalPrice ?? defaultTotalPrice(unitPrice, quantity),
      user: userOf(params) ?? null
    } as Row & { _id: string }
    const lotId = newObjectId()
    return this.inTransaction(shop, params, async (trx, wall) => {
      // Stock first: its checks (warehouse, product, SKU, units) answer before any row is written.
      const moved = await applyMoves(
        trx,
        [
          {
            shop,
            warehouse: String(entry.warehouse),
            product: String(entry.product),
            sku: String(entry.sku),
            delta: quantity,
            type: 'restock',
            lot: {
              _id: lotId,
              inventory: entry._id,
              entryDate: String(entry.entryDate),
              expiryDate: (entry.expiryDate as string | null | undefined) ?? null,
              supplier: (entry.supplier as string | null | undefined) ?? null,
              unitPrice
            }
          }
        ],
        {
          env: this.env(),
          user: userOf(params),
          source: { type: 'inventory', id: entry._id },
          comment: entry.comment as string,
          wall
        }
      )
      if (moved.lots.some((lot) => lot._id === lotId)) entry.lot = lotId
      // A person's restock entry is a stock correction the audit log keeps (decision 0137).
      if (params.provider)
        await recordStockOperation(trx, shop, userOf(params) ?? null, {
          mode: 'restock',
          product: String(entry.product),
          warehouse: String(entry.warehouse),
          sku: String(entry.sku),
          delta: quantity,
          comment: (entry.comment as string | undefined) ?? undefined
        })
      return (await this._create(entry as Partial<Inventory>, { ...params, provider: undefined, transaction: trx })) as Inventory
    })
  }

  override async patch(id: NullableId, data: Partial<Inventory>, params: RecordParams = {}): Promise<Inventory> {
    if (id === null) throw new BadRequest('Change entries one at a time')
    const shop = shopOf(params)
    const changes = params.provider ? pickPatch(inventoryModel, data, INVENTORY_PATCHABLE) : (data as Row)
    return this.inTransaction(shop, params, async (trx) => {
      const entry = (await this._patch(id as Id, changes as Partial<Inventory>, { ...params, transaction: trx })) as Inventory
      // The lot carries the entry's dates and supplier; the ledger consumes lots by that date.
      const label: Row = {}
      if ('expiryDate' in changes) label.expiryDate = changes.expiryDate ?? null
      if ('supplier' in changes) label.supplier = changes.supplier ?? null
      if (entry.lot && Object.keys(label).length) {
        const lots = (await trx('inventoryLots')
          .where({ _id: entry.lot, shop })
          .update({ ...label, updatedAt: trx.fn.now() })
          .returning('*')) as Row[]
        const set = new ChangeSet()
        for (const lot of lots) set.lot(lot, false)
        set.publishAfter(trx, this.env())
      }
      return entry
    })
  }
}
