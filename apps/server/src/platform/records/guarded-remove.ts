import { recordNotFound } from './not-found'
import type { Id } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { shopTransaction } from '../tenancy'
import type { RecordOptions, RecordParams } from './record-service'

/**
 * Removes one shop record only when nothing still uses it (decision 0070: a record other records
 * still name is refused, never orphaned). The row is locked for update first: a write that reads it
 * with a share lock (an order naming its status or company, a payment granting a rank) either commits
 * first and is seen by `refuse`, or waits and then finds the record gone.
 */
export const removeUnlessUsed = <R>(
  options: Pick<RecordOptions, 'db' | 'rowSecurity'>,
  table: string,
  id: Id,
  params: RecordParams & { shop: string },
  refuse: (trx: Knex.Transaction, shop: string) => Promise<void>,
  remove: (params: RecordParams) => Promise<R>
): Promise<R> =>
  shopTransaction(
    options.db.knex,
    options.rowSecurity === true,
    params.shop,
    async (trx) => {
      const row = await trx(table)
        .where({ _id: String(id), shop: params.shop })
        .forUpdate()
        .first('_id')
      if (!row) throw recordNotFound(id)
      await refuse(trx, params.shop)
      return remove({ ...params, transaction: trx })
    },
    params.transaction
  )
