import type { Knex } from 'knex'
import type { Static, TObject } from '@sinclair/typebox'
import {
  inventoryLogSchema,
  inventoryLotSchema,
  productSchema,
  servicePaths,
  stockReservationSchema,
  stockSchema
} from '@emporia/shared'
import type { LedgerEnv, Row } from './moves'

/**
 * A row as the services answer it: the schema's fields only, NULL columns left out (docs/decisions/0006).
 * Typed as the schema's record: the row is the database's, so its values are trusted, not checked.
 */
export const asRecord = <S extends TObject>(schema: S, row: object): Static<S> => {
  const values: Row = { ...row }
  const record: Row = {}
  for (const key of Object.keys(schema.properties))
    if (values[key] !== null && values[key] !== undefined) record[key] = values[key]
  return record as Static<S>
}

/**
 * What one transaction changed in the inventory. Screens hear of it only once the transaction has
 * committed (a rolled-back sale must not flash on a dashboard), and list totals of the touched tables
 * go stale now and again at commit, as RecordService does for its own writes.
 */
export class ChangeSet {
  readonly stocks = new Map<string, { row: Row; created: boolean }>()
  readonly lots = new Map<string, { row: Row; created: boolean }>()
  readonly logs: Row[] = []
  readonly products = new Map<string, Row>()
  /** Reservations changed without a service call (the expiry sweep): their service does not announce them. */
  readonly reservations = new Map<string, Row>()

  stock(row: Row, created: boolean) {
    const seen = this.stocks.get(String(row._id))
    this.stocks.set(String(row._id), { row, created: created || Boolean(seen?.created) })
  }

  lot(row: Row, created: boolean) {
    const seen = this.lots.get(String(row._id))
    this.lots.set(String(row._id), { row, created: created || Boolean(seen?.created) })
  }

  product(row: Row) {
    this.products.set(String(row._id), row)
  }

  private stale(env: LedgerEnv) {
    const shopsOf = (rows: Iterable<Row>) => [...rows].map((row) => String(row.shop))
    const touched: [string, string[]][] = [
      ['stocks', shopsOf([...this.stocks.values()].map((s) => s.row))],
      ['inventoryLots', shopsOf([...this.lots.values()].map((s) => s.row))],
      ['inventoryLogs', shopsOf(this.logs)],
      ['products', shopsOf(this.products.values())],
      ['stockReservations', shopsOf(this.reservations.values())]
    ]
    for (const [table, shops] of touched) if (shops.length) env.counts?.invalidate(table, shops)
  }

  /** Announces the changes once `trx` commits (nothing when it rolls back). */
  publishAfter(trx: Knex.Transaction, env: LedgerEnv | undefined) {
    if (!env) return
    this.stale(env)
    trx.executionPromise.then(
      () => {
        this.stale(env)
        this.publish(env)
      },
      () => undefined
    )
  }

  /** Announces changes already committed (a statement run on its own, quick-sale.ts). */
  publishCommitted(env: LedgerEnv | undefined) {
    if (!env) return
    this.stale(env)
    this.publish(env)
  }

  publish({ app }: LedgerEnv) {
    if (!app) return
    const emit = (path: string, event: string, record: Row) => {
      if (app.services[path]) app.service(path).emit(event, record)
    }
    for (const { row, created } of this.stocks.values())
      emit(servicePaths.stocks, created ? 'created' : 'patched', asRecord(stockSchema, row))
    for (const { row, created } of this.lots.values())
      emit(servicePaths.inventoryLots, created ? 'created' : 'patched', asRecord(inventoryLotSchema, row))
    for (const row of this.logs) emit(servicePaths.inventoryLogs, 'created', asRecord(inventoryLogSchema, row))
    for (const row of this.reservations.values())
      emit(servicePaths.stockReservations, 'patched', asRecord(stockReservationSchema, row))
    // The products service belongs to the catalogue; its screens hear stock and status through it.
    for (const row of this.products.values()) emit(servicePaths.products, 'patched', asRecord(productSchema, row))
  }
}
