import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { InventoryOperationData, InventoryOperationResult, StockTakeData } from '@emporia/shared'
import { inventoryLogSchema } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import type { ServiceContext } from '../../platform/http/service-context'
import { asRecord } from '../../domains/stock/changes'
import type { LedgerEnv, StockMove } from '../../domains/stock/moves'
import { shopOf, userOf } from '../../domains/stock/service-support'
import { applyMoves } from '../../domains/stock/stock-ledger'
import { coversSale, quickSale } from '../../domains/stock/quick-sale'
import { shopTransaction } from '../../platform/tenancy'
import type { ShopDirectory } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'
import { parseOperation } from './inventory-operations.schema'
import { recordStockOperation } from '../../domains/audit/audit-log'
import { exportMove, operationMoves } from './operation-moves'
import { parseStockTake, stockTakeMoves } from './stock-take'

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

  async create(
    data: InventoryOperationData | InventoryOperationData[] | StockTakeData[],
    params: RecordParams = {}
  ): Promise<InventoryOperationResult> {
    if (Array.isArray(data)) {
      const counts = data.filter((item) => (item as { mode?: unknown } | null)?.mode === 'stockTake').length
      if (!counts) return this.createMany(data as InventoryOperationData[], params)
      if (counts < data.length)
        throw new BadRequest('A stock-take is sent on its own, without other operations', {
          key: 'stockTake.alone',
          field: 'mode'
        })
      return this.stockTake(data as StockTakeData[], params)
    }
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

  /**
   * Many operations at once (a stock screen's lines, decision 0156): each checked exactly as one alone,
   * a refusal naming its line (`3.delta`); then all of them in one transaction and one ledger call
   * (its fixed lock order), under one operation id, so either every line moves or none does.
   */
  private async createMany(data: InventoryOperationData[], params: RecordParams): Promise<InventoryOperationResult> {
    if (!data.length || data.length > MAX_LINES)
      throw new BadRequest(`Send 1 to ${MAX_LINES} operations at once`, { key: 'stockLines.count', values: { max: MAX_LINES } })
    const shop = shopOf(params)
    const user = userOf(params)
    const inputs = await Promise.all(data.map((item, i) => atLine(i, () => parseOperation(item))))
    const destinations = new Map<string, Awaited<ReturnType<ShopDirectory['get']>>>()
    for (const input of inputs)
      if (input.mode === 'crossTransfer' && !destinations.has(input.toShop as string))
        destinations.set(input.toShop as string, await this.directory.get(input.toShop as string))
    const run = async (trx: Knex.Transaction, wall: string | undefined) => {
      const moves: StockMove[] = []
      for (const [i, input] of inputs.entries()) {
        const destination = input.mode === 'crossTransfer' ? destinations.get(input.toShop as string) : undefined
        const made = await atLine(i, () => operationMoves(trx, input, { shop, user, wall, destination }))
        // The ledger's own refusals (units, SKUs, warehouses) name the line too.
        moves.push(...made.map((move) => ({ ...move, fields: lineFields(i, move.fields) })))
      }
      const { logs } = await applyMoves(trx, moves, {
        env: this.env(),
        user,
        wall,
        comment: inputs[0].comment,
        source: { type: 'operation', id: newObjectId() }
      })
      if (params.provider)
        for (const input of inputs) if (input.mode !== 'export') await recordStockOperation(trx, shop, user ?? null, input)
      return { logs: logs.map((row) => asRecord(inventoryLogSchema, row)) }
    }
    return shopTransaction(this.context.db.knex, this.context.records.rowSecurity, shop, run, params.transaction)
  }

  /**
   * A stock-take (decision 0162): the counted lines, each against the quantity it was counted from; only
   * the differences reach the ledger, as `stockTake` rows under one operation id, in one transaction.
   * Stock that moved since a line was counted refuses the whole count (409 naming the line).
   */
  private async stockTake(data: StockTakeData[], params: RecordParams): Promise<InventoryOperationResult> {
    if (data.length > MAX_LINES)
      throw new BadRequest(`Send 1 to ${MAX_LINES} operations at once`, { key: 'stockLines.count', values: { max: MAX_LINES } })
    const shop = shopOf(params)
    const user = userOf(params)
    const lines = await Promise.all(data.map((item, i) => atLine(i, () => parseStockTake(item))))
    const run = async (trx: Knex.Transaction, wall: string | undefined) => {
      const moves = await stockTakeMoves(trx, shop, lines)
      const { logs } = await applyMoves(trx, moves, {
        env: this.env(),
        user,
        wall,
        comment: lines[0].comment,
        source: { type: 'operation', id: newObjectId() }
      })
      // A count's corrections are audited as any person's stock correction (decision 0137).
      if (params.provider)
        for (const move of moves)
          await recordStockOperation(trx, shop, user ?? null, { ...move, mode: 'stockTake', comment: lines[0].comment })
      return { logs: logs.map((row) => asRecord(inventoryLogSchema, row)) }
    }
    return shopTransaction(this.context.db.knex, this.context.records.rowSecurity, shop, run, params.transaction)
  }
}

/** Most operations one call takes. */
const MAX_LINES = 500

const LEDGER_FIELDS = ['warehouse', 'product', 'sku', 'quantity'] as const

/** A move's field names as the ledger reports them, with the line's index first. */
const lineFields = (i: number, fields: StockMove['fields']): StockMove['fields'] =>
  Object.fromEntries(LEDGER_FIELDS.map((name) => [name, `${i}.${fields?.[name] ?? name}`]))

/** Runs a line's check; a refusal names its field with the line's index first (`3.delta`). */
const atLine = async <T>(i: number, check: () => T | Promise<T>): Promise<Awaited<T>> => {
  try {
    return await check()
  } catch (error) {
    const data = (error as { data?: { field?: string } }).data
    if (data && typeof data === 'object') data.field = data.field ? `${i}.${data.field}` : `${i}`
    throw error
  }
}
