import type { Knex } from 'knex'
import type { LedgerEnv } from '../../domains/stock/moves'
import { shopOf } from '../../domains/stock/service-support'
import { rebuild } from '../../domains/stock/stock-ledger'
import type { RecordParams } from '../../platform/records/record-service'
import type { RebuildSummary } from './inventory-rebuild.schema'

/**
 * `inventoryRebuild create {shop}` (admins, docs/decisions/0040): recomputes the shop's derived
 * stock numbers from the ledger and says what it corrected. It reads every shop table at once, so it
 * runs as the owner connection with every query bound to the shop (as jobs do, 0020).
 */
export class InventoryRebuildService {
  constructor(
    private readonly knex: Knex,
    private readonly env: () => LedgerEnv
  ) {}

  async create(_data: unknown, params: RecordParams = {}): Promise<RebuildSummary> {
    const shop = shopOf(params)
    const { shops: _count, ...changes } = await rebuild(this.knex, shop, this.env())
    return { shop, stocks: changes.stocks.length, lots: changes.lots.length, products: changes.products.length, changes }
  }
}
