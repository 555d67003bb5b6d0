import { BadRequest } from '@feathersjs/errors'
import { MAX_REGEX_LENGTH } from '@emporia/shared'
import { asArray, coerceValue } from './coerce'
import { jsonString, schemaAt, splitPath, toJsonPath } from './json-path'
import { regexProblem } from './regex-guard'
import type { Field, FieldKind, Model } from './model'

/** A compiled SQL condition: `??` are identifiers, `?` values (knex raw bindings). */
export interface Sql {
  sql: string
  bindings: unknown[]
}

const MAX_DEPTH = 8
const MAX_LIST = 10_000
/**
 * Values (and conditions) one query may hold in all. PostgreSQL binds at most 65,535 parameters per
 * statement and a condition binds up to three, so 15,000 stays well inside it; one `$in` of 10,000 ids
 * still fits (docs/decisions/0068).
 */
export const MAX_QUERY_VALUES = 15_000
/**
 * Values compared inside JSON fields, in all. Each is a JSON-path test per row (~1 µs on PGlite, which
 * cannot interrupt a statement: 1,000 values over 10,000 products held the process for 10 s).
 */
export const MAX_JSON_VALUES = 500

/** How much of the limits a query has used so far. */
interface Budget {
  used: number
  json: number
}

const tooLarge = (limit: number) =>
  new BadRequest(`The query holds more than ${limit} values; ask in smaller parts`, {
    key: 'errors.queryTooLarge',
    values: { count: limit }
  })

const spend = (budget: Budget, values: number, json: boolean) => {
  budget.used += Math.max(1, values)
  if (budget.used > MAX_QUERY_VALUES) throw tooLarge(MAX_QUERY_VALUES)
  if (json && (budget.json += Math.max(1, values)) > MAX_JSON_VALUES) throw tooLarge(MAX_JSON_VALUES)
}
const FIELD_OPERATORS = new Set(['$in', '$nin', '$lt', '$lte', '$gt', '$gte', '$ne', '$regex', '$options'])
const COMPARE: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' }

const TRUE: Sql = { sql: 'true', bindings: [] }
const FALSE: Sql = { sql: 'false', bindings: [] }

const and = (parts: Sql[]): Sql => {
  if (parts.length === 0) return TRUE
  if (parts.length === 1) return parts[0]
  return { sql: parts.map((p) => `(${p.sql})`).join(' and '), bindings: parts.flatMap((p) => p.bindings) }
}
const or = (parts: Sql[]): Sql => {
  if (parts.length === 0) return FALSE
  if (parts.length === 1) return parts[0]
  // Wrapped whole: callers append their own conditions with `and`, which binds tighter than `or`.
  return { sql: `(${parts.map((p) => `(${p.sql})`).join(' or ')})`, bindings: parts.flatMap((p) => p.bindings) }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

const subQueries = (key: string, value: unknown): Record<string, unknown>[] => {
  const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : null
  if (!list || !list.every(isPlainObject)) throw new BadRequest(`${key} must be a list of conditions`)
  if (list.length > 100) throw new BadRequest(`${key} has more than 100 conditions`)
  return list
}

/**
 * Compiles the where-part of a Feathers query (field conditions, `$or`, `$and`) against the model.
 * Filters (`$limit`, `$sort`, …) must already be taken out. Throws BadRequest for anything unknown.
 */
export const compileWhere = (
  model: Model,
  query: Record<string, unknown>,
  depth = 0,
  budget: Budget = { used: 0, json: 0 }
): Sql => {
  if (depth > MAX_DEPTH) throw new BadRequest('Query is nested too deeply')
  const parts: Sql[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    if (key === '$or') parts.push(or(subQueries(key, value).map((q) => compileWhere(model, q, depth + 1, budget))))
    else if (key === '$and') parts.push(and(subQueries(key, value).map((q) => compileWhere(model, q, depth + 1, budget))))
    else if (key.startsWith('$')) throw new BadRequest(`Invalid query parameter ${key}`)
    else parts.push(compileField(model, key, value, budget))
  }
  return and(parts)
}

const resolveField = (model: Model, key: string): { field: Field; path: string[] } => {
  const direct = model.fields.get(key)
  if (direct) return { field: direct, path: [] }
  const [head, ...path] = splitPath(key)
  const field = model.fields.get(head)
  if (!field) throw new BadRequest(`Unknown field "${key}"`, { key: 'format.unknownField', field: key })
  if (field.kind !== 'json') throw new BadRequest(`"${head}" has no sub-fields`, { field: key })
  return { field, path }
}

/** How many values a condition holds: a list's length, else one. */
const valueCount = (value: unknown): number => {
  if (!isPlainObject(value)) return Array.isArray(value) ? value.length : 1
  return Object.values(value).reduce<number>((sum, operand) => {
    const list = Array.isArray(operand) ? operand : isPlainObject(operand) ? Object.values(operand) : [operand]
    return sum + list.length
  }, 0)
}

const compileField = (model: Model, key: string, value: unknown, budget: Budget): Sql => {
  const { field, path } = resolveField(model, key)
  spend(budget, valueCount(value), field.kind === 'json')
  if (field.kind === 'json') return compileJson(key, field, path, value)
  const column = (value: unknown) => coerceValue(key, field.kind, field.isId, value)
  if (!isPlainObject(value)) {
    if (Array.isArray(value)) throw new BadRequest(`"${key}" cannot be compared with a list; use $in`, { field: key })
    const v = column(value)
    return v === null ? { sql: '?? is null', bindings: [field.name] } : { sql: '?? = ?', bindings: [field.name, v] }
  }
  const parts: Sql[] = []
  for (const [op, operand] of Object.entries(value)) {
    if (!FIELD_OPERATORS.has(op)) throw new BadRequest(`Invalid query parameter ${op} on "${key}"`, { field: key })
    if (op === '$options') continue
    if (op === '$in' || op === '$nin') {
      const list = asArray(key, op, operand, MAX_LIST).map(column)
      const values = list.filter((v) => v !== null)
      const hasNull = values.length < list.length
      const inList: Sql = values.length
        ? { sql: `?? in (${values.map(() => '?').join(', ')})`, bindings: [field.name, ...values] }
        : FALSE
      const isNull: Sql = { sql: '?? is null', bindings: [field.name] }
      if (op === '$in') parts.push(hasNull ? or([inList, isNull]) : inList)
      else if (hasNull) parts.push({ sql: `?? is not null and not (${inList.sql})`, bindings: [field.name, ...inList.bindings] })
      else parts.push({ sql: `?? is null or not (${inList.sql})`, bindings: [field.name, ...inList.bindings] })
    } else if (op === '$ne') {
      parts.push({ sql: '?? is distinct from ?', bindings: [field.name, column(operand)] })
    } else if (op === '$regex') {
      if (field.kind !== 'string') throw new BadRequest(`$regex needs a text field; "${key}" is not`, { field: key })
      parts.push(compileRegex(field.name, regexOperator(key, value), regexPattern(key, operand)))
    } else {
      const v = column(operand)
      if (v === null) throw new BadRequest(`${op} on "${key}" needs a value`, { field: key })
      parts.push({ sql: `?? ${COMPARE[op]} ?`, bindings: [field.name, v] })
    }
  }
  return and(parts)
}

/** A pattern that is plain text: what it must contain, and whether it is anchored at either end. */
export interface LiteralPattern {
  text: string
  start: boolean
  end: boolean
}

/**
 * The literal text of a pattern made only of plain or escaped characters, optionally anchored (`^chan`,
 * `a\.b`, `^0123$`: what the search dialog and the product search send), or null when it holds any
 * regular-expression syntax. In PostgreSQL's regular expressions `\` before a character that is not a
 * letter, digit or space is that character; `\d`, `\m` and the like are classes or anchors, not text.
 */
export const literalPattern = (pattern: string): LiteralPattern | null => {
  const start = pattern.startsWith('^')
  let text = ''
  let end = false
  for (let i = start ? 1 : 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') {
      const next = pattern[++i]
      if (next === undefined || /[\p{L}\p{N}_\s]/u.test(next)) return null
      text += next
    } else if (char === '$' && i === pattern.length - 1) end = true
    else if (REGEX_SPECIAL.has(char)) return null
    else text += char
  }
  return text ? { text, start, end } : null
}

/** The literal text of an anchored prefix pattern (`^chan`), or null. */
export const literalPrefix = (pattern: string): string | null => {
  const literal = literalPattern(pattern)
  return literal && literal.start && !literal.end ? literal.text : null
}
const REGEX_SPECIAL = new Set('.*+?^${}()|[]\\'.split(''))
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** Every character whose lower case is the key, besides the key and its upper case (e.g. `k`: the Kelvin sign). */
let foldExtras: Map<string, string[]> | undefined
const extrasOf = (lower: string): string[] => {
  if (!foldExtras) {
    foldExtras = new Map()
    // The cased scripts all sit below U+20000; one pass, once, on the first case-insensitive literal.
    for (let code = 0; code < 0x20000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const char = String.fromCodePoint(code)
      // U+0130 (İ) lowers to `i` + a dot in JavaScript's full mapping, to `i` in the databases' simple one.
      const low = code === 0x130 ? 'i' : char.toLowerCase()
      if (low === char || low === low.toUpperCase() || char === low.toUpperCase()) continue
      foldExtras.set(low, [...(foldExtras.get(low) ?? []), char])
    }
  }
  return foldExtras.get(lower) ?? []
}

/**
 * How `ILIKE` (which compares `lower()` of both sides) relates to `~*` (which matches each pattern
 * character in its own, lower and upper case) for this text: `same` matches, a `wider` set (`k` also
 * finds the Kelvin sign under ILIKE), or `other` (a character whose case mapping is not one to one,
 * such as `ß` or `ſ`, where ILIKE would miss matches).
 */
export const caseFolding = (text: string): 'same' | 'wider' | 'other' => {
  let result: 'same' | 'wider' = 'same'
  for (const char of text) {
    const lower = char.toLowerCase()
    const upper = char.toUpperCase()
    if (lower === upper) continue
    if ([...lower].length !== 1 || [...upper].length !== 1 || upper.toLowerCase() !== lower) return 'other'
    const capital = lower.toUpperCase()
    const ilike = [lower, ...(capital.toLowerCase() === lower ? [capital] : []), ...extrasOf(lower)]
    if (ilike.some((other) => other !== char && other !== lower && other !== upper)) result = 'wider'
  }
  return result
}

/**
 * A `$regex` on a column. A pattern that is plain text (a search for a word, a "starts with") becomes
 * `LIKE`, with `%` on the sides that are not anchored: the same matches, about three times cheaper per
 * row than a regular expression (docs/benchmarks.md), and served by a btree index with
 * text_pattern_ops for a prefix or by a trigram index anywhere in the text. Case-insensitive: a
 * prefix compares `lower(col)` (an index on `lower(col)` serves it), other text uses `ILIKE` (the
 * trigram index lowers its own trigrams); text without cased letters (digits, Chinese) needs neither.
 * Where `ILIKE` finds more than `~*` (the Kelvin sign for `k`), `~*` checks what it found; where the
 * two differ otherwise the regular expression stays (docs/decisions/0103).
 */
const compileRegex = (column: string, operator: '~' | '~*', pattern: string): Sql => {
  const regex: Sql = { sql: `?? ${operator} ?`, bindings: [column, pattern] }
  const literal = literalPattern(pattern)
  if (literal === null) return regex
  const like = (text: string) => `${literal.start ? '' : '%'}${escapeLike(text)}${literal.end ? '' : '%'}`
  const { text } = literal
  if (operator === '~' || text.toLowerCase() === text.toUpperCase()) return { sql: '?? like ?', bindings: [column, like(text)] }
  const folding = caseFolding(text)
  if (folding === 'other') return regex
  const caseless: Sql =
    literal.start && !literal.end
      ? { sql: 'lower(??) like ?', bindings: [column, like(text.toLowerCase())] }
      : { sql: '?? ilike ?', bindings: [column, like(text)] }
  return folding === 'same' ? caseless : and([caseless, regex])
}

const regexPattern = (key: string, operand: unknown): string => {
  const pattern = operand instanceof RegExp ? operand.source : operand
  if (typeof pattern !== 'string') throw new BadRequest(`$regex on "${key}" must be text`, { field: key })
  if (pattern.length > MAX_REGEX_LENGTH) {
    throw new BadRequest(`$regex on "${key}" is longer than ${MAX_REGEX_LENGTH} characters`, {
      key: 'format.tooLong',
      values: { length: MAX_REGEX_LENGTH },
      field: key
    })
  }
  const problem = regexProblem(pattern)
  if (problem) throw new BadRequest(`$regex on "${key}" is refused: ${problem}`, { key: 'errors.badPattern', field: key })
  return pattern
}

const regexOperator = (key: string, condition: Record<string, unknown>): '~' | '~*' => {
  const options = condition.$options ?? (condition.$regex instanceof RegExp ? condition.$regex.flags : '')
  if (options === '' || options === undefined) return '~'
  if (options === 'i') return '~*'
  throw new BadRequest(`$options on "${key}" may only be "i"`, { field: key })
}

/**
 * Conditions inside a JSON column use SQL/JSON path filters. Values are passed as path variables
 * ($v0, $v1, …), so user input is never part of the path text; only the checked field names are.
 */
const compileJson = (key: string, field: Field, path: string[], value: unknown): Sql => {
  const leaf = schemaAt(field.schema, path)
  if (leaf === undefined) throw new BadRequest(`Unknown field "${key}"`, { field: key })
  const kind = leafKind(leaf)
  const target = toJsonPath(path)
  const coerce = (v: unknown) => (kind === 'any' ? v : coerceValue(key, kind, false, v))
  const exists = (filter: string, vars: unknown[]): Sql => ({
    sql: 'coalesce(jsonb_path_exists(??, ?::jsonpath, ?::jsonb), false)',
    bindings: [field.name, `${target} ? (${filter})`, JSON.stringify(Object.fromEntries(vars.map((v, i) => [`v${i}`, v])))]
  })
  const not = (sql: Sql): Sql => ({ sql: `not (${sql.sql})`, bindings: sql.bindings })
  const equalsAny = (values: unknown[]) => exists(values.map((_, i) => `@ == $v${i}`).join(' || '), values)

  if (!isPlainObject(value) || (kind === 'any' && !Object.keys(value).some((k) => k.startsWith('$')))) {
    if (isPlainObject(value) || Array.isArray(value)) {
      if (path.length) throw new BadRequest(`"${key}" can only be compared with a single value`, { field: key })
      return { sql: '?? @> ?::jsonb', bindings: [field.name, JSON.stringify(value)] }
    }
    const v = coerce(value)
    if (v === null) return not(exists('@ != null', []))
    // A whole column equal to a value, or an array of values holding it (`categories=<id>`): containment
    // says the same for a text, number or boolean (a top-level array contains its elements) and costs a
    // fraction of a JSON-path test per row: a search within a category tests thousands of rows (0103).
    // Only where the schema rules out nested arrays, which a JSON path (lax) unwraps and containment does not.
    if (!path.length && typeof v !== 'object' && flatScalars(leaf))
      return { sql: '?? @> ?::jsonb', bindings: [field.name, JSON.stringify(v)] }
    return equalsAny([v])
  }
  const parts: Sql[] = []
  for (const [op, operand] of Object.entries(value)) {
    if (!FIELD_OPERATORS.has(op)) throw new BadRequest(`Invalid query parameter ${op} on "${key}"`, { field: key })
    if (op === '$options') continue
    if (op === '$in' || op === '$nin') {
      const list = asArray(key, op, operand, MAX_LIST).map(coerce)
      const match = list.length ? equalsAny(list) : FALSE
      parts.push(op === '$in' ? match : not(match))
    } else if (op === '$ne') {
      const v = coerce(operand)
      parts.push(v === null ? exists('@ != null', []) : not(equalsAny([v])))
    } else if (op === '$regex') {
      const flag = regexOperator(key, value) === '~*' ? ' flag "i"' : ''
      parts.push(exists(`@ like_regex ${jsonString(regexPattern(key, operand))}${flag}`, []))
    } else {
      const v = coerce(operand)
      if (v === null || typeof v === 'object') throw new BadRequest(`${op} on "${key}" needs a value`, { field: key })
      parts.push(exists(`@ ${COMPARE[op]} $v0`, [v]))
    }
  }
  return and(parts)
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean'])
/** A schema's JSON types, `null` left out. */
const typesOf = (schema: { type?: string | string[] } | null | undefined) =>
  (Array.isArray(schema?.type) ? schema.type : [schema?.type]).filter((t) => t !== 'null')

/** Whether the schema holds one scalar, or an array of scalars (never an array in an array). */
const flatScalars = (schema: { type?: string | string[]; items?: unknown } | null): boolean => {
  const types = typesOf(schema)
  if (types.length !== 1) return false
  if (SCALAR_TYPES.has(types[0] as string)) return true
  if (types[0] !== 'array') return false
  const itemTypes = typesOf(schema?.items as { type?: string | string[] } | undefined)
  return itemTypes.length > 0 && itemTypes.every((t) => SCALAR_TYPES.has(t as string))
}

const leafKind = (schema: { type?: string | string[]; format?: string } | null): FieldKind | 'any' => {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type
  if (type === 'string') return 'string'
  if (type === 'number') return 'number'
  if (type === 'integer') return 'integer'
  if (type === 'boolean') return 'boolean'
  return 'any'
}
