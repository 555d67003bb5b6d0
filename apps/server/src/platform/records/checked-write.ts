import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { RecordService, type RecordParams } from './record-service'

type Row = Record<string, unknown>
export type RecordCheck = (after: Row, before: Row | undefined, trx: Knex.Transaction) => Promise<void> | void

/**
 * A record-service write and the service's rules in one transaction: the rules see each record as written
 * (whole records, patches and patch operators alike) and what it was before; a broken rule throws
 * and the write is rolled back. `id` is the record a patch or update addresses (null for create).
 */
export const checkedWrite = async <T>(
  db: Knex,
  table: string,
  id: Id | null,
  params: RecordParams,
  write: (params: RecordParams) => Promise<T>,
  check: RecordCheck
): Promise<T> => {
  const run = async (trx: Knex.Transaction) => {
    const before = id === null ? undefined : ((await trx(table).where('_id', id).forUpdate().first()) as Row | undefined)
    const result = await write({ ...params, transaction: trx })
    const ids = (Array.isArray(result) ? result : [result]).map((record) => (record as Row)._id as string)
    const rows = (await trx(table).whereIn('_id', ids)) as Row[]
    for (const row of rows) await check(row, before, trx)
    return result
  }
  return params.transaction ? run(params.transaction) : db.transaction(run)
}

/**
 * A record service with rules of its own (`check`), run by checkedWrite on every create, update and
 * patch: a service states its rule once instead of wrapping each method.
 */
export abstract class CheckedRecordService<T> extends RecordService<T> {
  protected abstract readonly check: RecordCheck

  override async create(data: Partial<T> | Partial<T>[], params: RecordParams = {}): Promise<T | T[]> {
    return checkedWrite(this.options.db.knex, this.model.table, null, params, (p) => super.create(data, p), this.check)
  }

  override async update(id: Id, data: Partial<T>, params: RecordParams = {}): Promise<T> {
    return checkedWrite(this.options.db.knex, this.model.table, id, params, (p) => super.update(id, data, p), this.check)
  }

  override async patch(id: NullableId, data: Partial<T>, params: RecordParams = {}): Promise<T | T[]> {
    return checkedWrite(this.options.db.knex, this.model.table, id, params, (p) => super.patch(id, data, p), this.check)
  }
}
