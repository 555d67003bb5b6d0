import { BadRequest } from '@feathersjs/errors'
import type { Spec } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'

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
export class SpecService extends CheckedRecordService<Spec> {
  protected readonly check = checkSpec
}
