import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Spec } from '@emporia/shared'
import { checkedWrite } from '../../records/checked-write'
import { RecordService, type RecordParams } from '../../records/record-service'

type Row = Record<string, unknown>
const invalid = (field: string, message: string) => new BadRequest(message, { key: 'format.invalid', field })

/** A spec definition must be usable: unique option ids, min ≤ max, and options for the enum types. */
export const checkSpec = (spec: Row) => {
  const options = Array.isArray(spec.options) ? (spec.options as Row[]) : []
  const seen = new Set<unknown>()
  options.forEach((option, i) => {
    if (seen.has(option.id)) throw invalid(`options.${i}.id`, 'Two options have the same id')
    seen.add(option.id)
  })
  if (typeof spec.min === 'number' && typeof spec.max === 'number' && spec.min > spec.max)
    throw invalid('max', '"max" must not be less than "min"')
  if ((spec.type === 'enum' || spec.type === 'multiEnum') && !options.length)
    throw invalid('options', `A ${String(spec.type)} spec needs at least one option`)
}

/** Spec definitions (spec §3.7) with their rules, checked on the record as written. */
export class SpecService extends RecordService<Spec> {
  override async create(data: Partial<Spec> | Partial<Spec>[], params: RecordParams = {}): Promise<Spec | Spec[]> {
    return checkedWrite(this.options.db.knex, 'specs', null, params, (p) => super.create(data, p), checkSpec)
  }

  override async update(id: Id, data: Partial<Spec>, params: RecordParams = {}): Promise<Spec> {
    return checkedWrite(this.options.db.knex, 'specs', id, params, (p) => super.update(id, data, p), checkSpec)
  }

  override async patch(id: NullableId, data: Partial<Spec>, params: RecordParams = {}): Promise<Spec | Spec[]> {
    return checkedWrite(this.options.db.knex, 'specs', id, params, (p) => super.patch(id, data, p), checkSpec)
  }
}
