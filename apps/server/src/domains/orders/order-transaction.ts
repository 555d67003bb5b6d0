import type { Knex } from 'knex'
import { LedgerRecordService } from '../stock/service-support'
import type { CountCache } from '../../platform/records/count-cache'
import type { RecordParams } from '../../platform/records/record-service'
import { shopTransaction } from '../../platform/tenancy'
import { staleOrderTotals } from './order-rows'

/**
 * One step of an order's life in one transaction of its shop (decision 0078), with the order tables'
 * list totals made stale before and after it: the steps write those tables directly, not through the
 * record service that would otherwise do it.
 */
export const orderTransaction = async <R>(
  db: Knex,
  options: { rowSecurity: boolean; counts?: CountCache },
  shop: string,
  run: (trx: Knex.Transaction, wall: string | undefined) => Promise<R>,
  joined?: Knex.Transaction
): Promise<R> => {
  staleOrderTotals(options.counts, shop)
  const result = await shopTransaction(db, options.rowSecurity, shop, run, joined)
  staleOrderTotals(options.counts, shop)
  return result
}

/** The base of the orders and payments services: their writes are order steps. */
export class OrderRecordService<T> extends LedgerRecordService<T> {
  protected override inTransaction<R>(
    shop: string,
    params: RecordParams,
    run: (trx: Knex.Transaction, wall: string | undefined) => Promise<R>
  ) {
    const { rowSecurity, counts } = this.options
    return orderTransaction(this.db, { rowSecurity: rowSecurity === true, counts }, shop, run, params.transaction)
  }
}
