import { BadRequest } from '@feathersjs/errors'
import { newObjectId } from '../../http/object-id'
import { schemaAt, splitPath } from './json-path'
import type { Model } from './model'
import type { Sql } from './where'

export const PATCH_OPERATORS = ['$push', '$set', '$pull', '$unset'] as const

export interface ArrayMatch {
  /** The array column the query picks an element of (`skus` for `{ 'skus._id': … }`). */
  column: string
  /** Top-level properties the element must have, as a JSON object. */
  element: Record<string, unknown>
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const arrayColumn = (model: Model, name: string, op: string) => {
  const field = model.fields.get(name)
  if (!field) throw new BadRequest(`Unknown field "${name}" in ${op}`, { field: name })
  if (field.readOnly) throw new BadRequest(`"${name}" cannot be changed`, { field: name })
  if (field.kind !== 'json') throw new BadRequest(`${op} needs a list field; "${name}" is not`, { field: name })
  return field
}

/**
 * SET expressions for the nested-array operators of spec §7.8 on JSON array columns. Each
 * compiles into the one UPDATE statement of the patch, so it is atomic with the rest of it.
 */
export const compilePatchOperators = (
  model: Model,
  data: Record<string, unknown>,
  arrayMatch: ArrayMatch | undefined,
  sets: Map<string, Sql>
) => {
  const push = data.$push
  if (push !== undefined) {
    if (!isObject(push)) throw new BadRequest('$push must be an object of field: item')
    for (const [name, item] of Object.entries(push)) {
      const field = arrayColumn(model, name, '$push')
      // A pushed object without a key gets one, so that it can later be $set or $pull-ed by key; only
      // where the item has an `_id` (a SKU's key is its `id`, which the client names).
      const keyed = schemaAt(field.schema, ['_id']) !== undefined
      const value =
        keyed && isObject(item) && item._id === undefined && item.id === undefined ? { _id: newObjectId(), ...item } : item
      sets.set(name, {
        sql: "coalesce(??, '[]'::jsonb) || jsonb_build_array(?::jsonb)",
        bindings: [name, JSON.stringify(value)]
      })
    }
  }
  const pull = data.$pull
  if (pull !== undefined) {
    if (!isObject(pull)) throw new BadRequest('$pull must be an object of field: condition')
    for (const [name, condition] of Object.entries(pull)) {
      arrayColumn(model, name, '$pull')
      if (sets.has(name)) throw new BadRequest(`"${name}" is changed twice in one patch`, { field: name })
      const match = isObject(condition) ? condition : null
      sets.set(name, {
        sql:
          "coalesce((select jsonb_agg(e order by i) from jsonb_array_elements(coalesce(??, '[]'::jsonb)) with ordinality as t(e, i) " +
          "where not (e @> ?::jsonb)), '[]'::jsonb)",
        bindings: [name, JSON.stringify(match ?? condition)]
      })
    }
  }
  const set = data.$set
  if (set !== undefined) {
    if (!isObject(set)) throw new BadRequest('$set must be an object of path: value')
    for (const [path, value] of Object.entries(set)) {
      const segments = path.split('.')
      const positional = segments.indexOf('$')
      if (positional === -1) {
        if (!model.fields.has(path)) throw new BadRequest(`Unknown field "${path}" in $set`, { field: path })
        continue // plain $set fields are merged into the data by the caller
      }
      const name = segments[0]
      arrayColumn(model, name, '$set')
      if (positional !== 1) throw new BadRequest(`"${path}": the positional $ must follow the list field`, { field: path })
      if (!arrayMatch || arrayMatch.column !== name) {
        throw new BadRequest(`"${path}" needs a query on "${name}.<key>" that picks the item`, { field: path })
      }
      if (sets.has(name)) throw new BadRequest(`"${name}" is changed twice in one patch`, { field: name })
      const rest = segments.slice(2)
      if (rest.length) splitPath(rest.join('.'))
      // Only the first matching element changes (as MongoDB's positional operator does).
      const replacement = rest.length ? 'jsonb_set(e, ?::text[], ?::jsonb, true)' : '?::jsonb'
      const replacementBindings = rest.length ? [`{${rest.join(',')}}`, JSON.stringify(value)] : [JSON.stringify(value)]
      sets.set(name, {
        sql:
          `(select jsonb_agg(case when i = (select min(j) from jsonb_array_elements(??) with ordinality as m(f, j) where f @> ?::jsonb) ` +
          `then ${replacement} else e end order by i) from jsonb_array_elements(??) with ordinality as t(e, i))`,
        bindings: [name, JSON.stringify(arrayMatch.element), ...replacementBindings, name]
      })
    }
  }
  const unset = data.$unset
  if (unset !== undefined) {
    if (!isObject(unset)) throw new BadRequest('$unset must be an object of field: ""')
    for (const path of Object.keys(unset)) {
      const [name, ...rest] = model.fields.has(path) ? [path] : splitPath(path)
      const field = model.fields.get(name)
      if (!field) throw new BadRequest(`Unknown field "${path}" in $unset`, { field: path })
      if (field.readOnly) throw new BadRequest(`"${name}" cannot be changed`, { field: name })
      if (!rest.length) {
        if (!field.nullable) throw new BadRequest(`"${name}" is required and cannot be removed`, { field: name })
        sets.set(name, { sql: 'null', bindings: [] })
      } else {
        if (field.kind !== 'json') throw new BadRequest(`"${name}" has no sub-fields`, { field: path })
        sets.set(name, { sql: '?? #- ?::text[]', bindings: [name, `{${rest.join(',')}}`] })
      }
    }
  }
}

/** Plain fields given inside `$set` (`{$set: {name: 'x'}}`) count as ordinary patch data. */
export const plainSetFields = (data: Record<string, unknown>): Record<string, unknown> => {
  const set = isObject(data.$set) ? data.$set : {}
  return Object.fromEntries(Object.entries(set).filter(([path]) => !path.split('.').includes('$')))
}

/** Finds the `{ 'list.key': value }` conditions of a patch query that pick an array element. */
export const findArrayMatch = (model: Model, query: Record<string, unknown>): ArrayMatch | undefined => {
  let match: ArrayMatch | undefined
  for (const [key, value] of Object.entries(query)) {
    const [name, sub, ...more] = key.split('.')
    if (!sub || more.length || !model.fields.has(name) || model.fields.get(name)?.kind !== 'json') continue
    if (isObject(value) || Array.isArray(value)) continue
    if (match && match.column !== name) continue
    match = { column: name, element: { ...match?.element, [sub]: value } }
  }
  return match
}
