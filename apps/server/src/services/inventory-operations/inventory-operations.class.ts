import type { Knex } from 'knex'
import type { InventoryOperationData, InventoryOperationResult } from '@emporia/shared'
import { inventoryLogSchema } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import type { ServiceContext } from '../../platform/http/service-context'
import { asRecord } from '../../domains/stock/changes'
import type { LedgerEnv } from '../../domains/stock/moves'
import { shopOf, userOf } from '../../domains/stock/service-support'
import { applyMoves } from '../../domains/stock/stock-ledger'
import { coversSale, quickSale } from '../../domains/stock/quick-sale'
import { shopTransaction } from '../../platform/tenancy'
import type { ShopDirectory } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'
import { parseOperation } from './inventory-operations.schema'
import { recordStockOperation } from '../../domains/audit/audit-log'
import { exportMove, operationMoves } from './operation-moves'

/**
 * SKU inventory operations (spec §3.7): restock, export (take away), separate, transfer and
 * crossTransfer, each one transaction through the ledger. Answers the ledger rows it wrote; one
 * operation id (`source.id`) ties the two sides of a transfer together.
 */
export class InventoryOperationService {
  constructor(
    private readonly context: ServiceContext,
    private readonly directory: ShopDirectory,
    private readonly env: () => LedgerEnv,
    private readonly options: { quickSale: boolean } = { quickSale: true }
  ) {}

  async create(data: InventoryOperationData, params: RecordParams = {}): Promise<InventoryOperationResult> {
    const shop = shopOf(params)
    const input = parseOperation(data)
    const user = userOf(params)
    // Read before the transaction: on PGlite a second query outside it would wait for its one connection.
    const destination = input.mode === 'crossTransfer' ? await this.directory.get(input.toShop as string) : undefined
    const { knex } = this.context.db
    // An order (or any caller) may run the operation inside its own transaction (params.transaction).
    const run = async (trx: Knex.Transaction, wall: string | undefined) => {
      const moves = await operationMoves(trx, input, { shop, user, wall, destination })
      const { logs } = await applyMoves(trx, moves, {
        env: this.env(),
        user,
        wall,
        comment: input.comment,
        source: { type: 'operation', id: newObjectId() }
      })
      // A person's stock correction is audited (decision 0137); a take-away is a sale, which the ledger keeps.
      if (params.provider && input.mode !== 'export') await recordStockOperation(trx, shop, user ?? null, input)
      return { logs: logs.map((row) => asRecord(inventoryLogSchema, row)) }
    }
    const rowSecurity = this.context.records.rowSecurity
    // A take-away outside a caller's transaction is one statement (docs/decisions/0102).
    if (this.options.quickSale && input.mode === 'export' && !params.transaction) {
      const move = exportMove(input, shop)
      // A shop that keeps lots always takes the general path: skip the statement that would only say so.
      const lots = (await this.directory.get(shop))?.useInventoryLot === true
      if (coversSale(move) && !lots) {
        const logs = await quickSale(knex, rowSecurity ? shop : undefined, move, {
          env: this.env(),
          user,
          comment: input.comment,
          source: { type: 'operation', id: newObjectId() }
        })
        if (logs) return { logs: logs.map((row) => asRecord(inventoryLogSchema, row)) }
      }
    }
    return shopTransaction(knex, rowSecurity, shop, run, params.transaction)
  }
}
