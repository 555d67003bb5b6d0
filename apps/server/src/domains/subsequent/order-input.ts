import { BadRequest } from '@feathersjs/errors'
import type { SubsequentOrderLine, SubsequentPayment } from '@emporia/shared'
import { badField } from '../stock/quantities'
import { assertValid, dataValidators, type DataValidators } from '../../platform/records/validate-data'
import type { SubsequentKind } from './kinds'

type Row = Record<string, unknown>

/** What a merchant owns on an order; everything else is the server's (totals, dates, number, override record). */
export const INPUT_FIELDS = [
  'user',
  'date',
  'remarks',
  'address',
  'warehouse',
  'products',
  'payments',
  'status',
  'fulfilled',
  'overrideLimit'
] as const
export type InputField = (typeof INPUT_FIELDS)[number]

/** An order as the merchant states it: checked against the shared schema, totals not yet computed. */
export interface OrderInput {
  user: string
  products: SubsequentOrderLine[]
  date?: string
  remarks?: string | null
  address?: string | null
  warehouse?: string | null
  payments?: SubsequentPayment[]
  status?: string | null
  fulfilled?: boolean
  overrideLimit?: boolean
}

const LINE_FIELDS = new Set(['product', 'sku', 'name', 'price', 'quantity', 'warehouse'])
const OPERATORS = new Set(['$set', '$push', '$pull', '$unset'])

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

const validators = new Map<string, DataValidators>()
const validatorsOf = (kind: SubsequentKind) => {
  let found = validators.get(kind.table)
  if (!found) validators.set(kind.table, (found = dataValidators(kind.model)))
  return found
}

/**
 * The merchant's part of a record: server-owned fields are dropped (an editor sends the whole
 * record back, as the record service allows), so are a line's computed `total` and nulls, which
 * mean "not given". Anything that is no field of the order is left for the schema to refuse.
 */
export const inputOf = (kind: SubsequentKind, data: Row): Row => {
  const input: Row = {}
  for (const [key, value] of Object.entries(data)) {
    if (value === null && key !== 'remarks' && key !== 'address' && key !== 'status' && key !== 'warehouse') continue
    if (kind.model.fields.get(key)?.readOnly || key === '_id') continue
    input[key] = value
  }
  if (Array.isArray(input.products))
    input.products = input.products.map((line: unknown) =>
      isObject(line)
        ? Object.fromEntries(Object.entries(line).filter(([key, value]) => LINE_FIELDS.has(key) && value !== null))
        : line
    )
  return input
}

/** A whole order checked against the shared schema; refusals name their field (`products.2.quantity`). */
export const checkInput = (kind: SubsequentKind, data: unknown): OrderInput => {
  if (!isObject(data)) throw new BadRequest('Data must be an object')
  for (const key of Object.keys(data))
    if (OPERATORS.has(key)) throw badField(key, `"${key}" is for changes, not for a new order`, 'format.unknownField')
  const input = inputOf(kind, data)
  assertValid(validatorsOf(kind).create, input)
  // The kind's schema has just checked it; OrderInput is the merchant's part of that schema.
  return input as unknown as OrderInput
}

const setPath = (target: Row, path: string, value: unknown, unset = false) => {
  const parts = path.split('.')
  let node: unknown = target
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1
    if (Array.isArray(node)) {
      const index = Number(part)
      if (!Number.isInteger(index) || index < 0 || index >= node.length) throw badField(path, `"${path}" names no item`)
      if (last) {
        if (unset) throw badField(path, `"${path}" cannot be unset`)
        node[index] = value
      } else node = node[index] = Array.isArray(node[index]) ? [...(node[index] as unknown[])] : { ...(node[index] as Row) }
    } else if (isObject(node)) {
      if (last) {
        if (unset) delete node[part]
        else node[part] = value
      } else {
        const child = node[part]
        if (!isObject(child) && !Array.isArray(child)) throw badField(path, `"${path}" names no item`)
        node = node[part] = Array.isArray(child) ? [...child] : { ...child }
      }
    } else throw badField(path, `"${path}" names no item`)
  }
}

/** JSON with object keys sorted: jsonb hands keys back in its own order, a client in another. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .filter((key) => value[key] !== undefined)
            .sort()
            .map((key) => [key, canonical(value[key])])
        )
      : value
export const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null))

const matches = (item: unknown, condition: unknown) =>
  isObject(condition) && isObject(item)
    ? Object.entries(condition).every(([key, value]) => same(item[key], value))
    : same(item, condition)

/**
 * A patch as the order it leaves (decision 0085): plain fields and the record service's patch
 * operators (`$set` with dotted paths, `$push` with or without `$each`, `$pull`, `$unset`) are applied
 * to the stored order in memory, and the result is checked by the same rules as any other change.
 * That is what makes the operators no side door: there is only one way an order changes.
 */
export const applyPatch = (kind: SubsequentKind, stored: Row, patch: unknown): OrderInput => {
  if (!isObject(patch)) throw new BadRequest('Data must be an object')
  const next: Row = JSON.parse(JSON.stringify(inputOf(kind, stored))) as Row
  delete next.overrideLimit
  const { $set, $push, $pull, $unset, ...plain } = patch
  for (const [key, value] of Object.entries(inputOf(kind, plain))) next[key] = value
  for (const [name, operand] of Object.entries({ $set, $push, $pull, $unset })) {
    if (operand === undefined) continue
    if (!isObject(operand)) throw badField(name, `"${name}" must name fields`, 'format.invalid')
    for (const [path, value] of Object.entries(operand)) {
      const head = path.split('.')[0]
      if (!(INPUT_FIELDS as readonly string[]).includes(head)) {
        // Server-owned fields are not the merchant's to change, by any route.
        throw badField(path, `"${path}" cannot be set here`, 'format.unknownField')
      }
      if (name === '$set') setPath(next, path, value)
      else if (name === '$unset') setPath(next, path, undefined, true)
      else {
        const list = Array.isArray(next[path]) ? [...(next[path] as unknown[])] : next[path] === undefined ? [] : null
        if (!list) throw badField(path, `"${path}" is not a list`, 'format.list')
        if (name === '$push') {
          const items = isObject(value) && Array.isArray(value.$each) ? value.$each : [value]
          next[path] = [...list, ...items]
        } else next[path] = list.filter((item) => !matches(item, value))
      }
    }
  }
  assertValid(validatorsOf(kind).create, next)
  // Checked by the kind's schema just above, as a new order is.
  return next as unknown as OrderInput
}
