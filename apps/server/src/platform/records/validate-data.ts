import { BadRequest } from '@feathersjs/errors'
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { TObject, TSchema } from '@sinclair/typebox'
import { patternMessageKey, sharedMessage, type SharedMessageKey } from '@emporia/shared'
import type { Model } from '../db/query/model'

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true })
addFormats(ajv)

/*
 * Compiled validators by their schema's text. Compiling is most of the cost of making an app (≈1.7 s
 * of 2 s: the page model's schema alone ≈0.7 s), and every app of a process compiles the same
 * schemas: a test run makes hundreds of apps, and the bench and the scale-out check several per
 * process. A validator keeps no state between calls beyond `errors`, read right after each call.
 */
const compiled = new Map<string, ValidateFunction>()
const compile = (schema: object) => {
  const key = JSON.stringify(schema)
  let validate = compiled.get(key)
  if (!validate) compiled.set(key, (validate = ajv.compile(schema)))
  return validate
}

export interface DataValidators {
  create: ValidateFunction
  patch: ValidateFunction
  /** Per list column: what a `$pull` condition may name (an item, or some of an item's fields). */
  pull: Map<string, ValidateFunction>
}

type JsonSchema = TSchema & { type?: string; anyOf?: JsonSchema[]; items?: JsonSchema; properties?: object }

/** `T | null` (and `T` alone) → `T`; other unions stay as they are. */
const nonNull = (schema: JsonSchema): JsonSchema => {
  const options = schema.anyOf?.filter((option) => option.type !== 'null')
  return options?.length === 1 ? nonNull(options[0]) : schema
}

/**
 * A `$pull` condition is an item, or some of an item's fields (`{id: 'small'}`): the item schema
 * with nothing required. A condition no valid item could match is refused rather than a silent no-op.
 */
const pullValidators = (model: Model) => {
  const validators = new Map<string, ValidateFunction>()
  for (const field of model.fields.values()) {
    const list = nonNull(field.schema as JsonSchema)
    if (field.kind !== 'json' || list.type !== 'array' || !list.items) continue
    const item = nonNull(list.items)
    validators.set(field.name, compile(item.type === 'object' && item.properties ? { ...item, required: [] } : item))
  }
  return validators
}

/**
 * Two validators per service from its one schema: whole records (create, update) need every
 * required field a client owns; patches need none. Server-owned fields are not required of
 * anyone; whether a caller may set them is decided before validation (`stripReadOnly`).
 */
export const dataValidators = (model: Model): DataValidators => {
  const { $id: _ignored, ...schema } = model.schema as TObject & { $id?: string }
  const clientRequired = (schema.required ?? []).filter((name) => !model.fields.get(name)?.readOnly)
  // Compiled on first use: compiling every service's validators up front was the largest part of the
  // server's start-up (Ajv code generation, about half its main-thread CPU), most of it for services a
  // given process never writes to.
  let create: ValidateFunction | undefined
  let patch: ValidateFunction | undefined
  let pull: Map<string, ValidateFunction> | undefined
  const validators: DataValidators = {
    get create() {
      return (create ??= compile({ ...schema, required: clientRequired }))
    },
    get patch() {
      return (patch ??= compile({ ...schema, required: [] }))
    },
    get pull() {
      return (pull ??= pullValidators(model))
    }
  }
  unwarmed.push(new WeakRef(validators))
  return validators
}

// Weak: a test process makes hundreds of apps and never warms them.
const unwarmed: WeakRef<DataValidators>[] = []
/**
 * Compiles the validators not used yet, one service per turn of the event loop, so a merchant's first
 * save does not pay for it (the page model's schema takes ≈0.7 s) while requests still get answered
 * in between. The server calls it once it is listening.
 */
export const warmValidators = async () => {
  for (let ref = unwarmed.shift(); ref; ref = unwarmed.shift()) {
    const next = ref.deref()
    if (!next) continue
    void next.create
    void next.patch
    void next.pull
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** Refuses invalid data with one error per field; `at` names where `data` sits (`productLinks` for an item). */
export const assertValid = (validate: ValidateFunction, data: unknown, at = '') => {
  if (validate(data)) return
  const errors = describeErrors(validate.errors ?? [], at)
  throw new BadRequest(`Invalid data: ${errors.map((e) => e.message).join('; ')}`, { errors })
}

type Values = Record<string, number | string>
type Keyed = { key: SharedMessageKey; values?: Values }

const params = (error: ErrorObject) => error.params as Record<string, unknown>

/** What a value of a JSON type is called in a message; `null` is never what a field asks for. */
const typeKey = (types: unknown): Keyed => {
  const wanted = (Array.isArray(types) ? types : [types]).filter((type) => type !== 'null')
  switch (wanted[0]) {
    case 'integer':
      return { key: 'format.integer' }
    case 'number':
      return { key: 'format.number' }
    case 'string':
      return { key: 'format.text' }
    case 'boolean':
      return { key: 'format.boolean' }
    case 'array':
      return { key: 'format.list' }
    default:
      return { key: 'format.invalid' }
  }
}

/** The shared message key (spec §5.1 format.*) a client shows for a failed rule, in its language. */
const keyOf = (error: ErrorObject): Keyed => {
  const limit = params(error).limit as number | undefined
  switch (error.keyword) {
    case 'required':
      return { key: 'format.required' }
    case 'additionalProperties':
      return { key: 'format.unknownField' }
    case 'minLength':
      return limit === 1 ? { key: 'format.required' } : { key: 'format.length', values: { length: limit ?? 0 } }
    case 'maxLength':
      return { key: 'format.tooLong', values: { length: limit ?? 0 } }
    case 'minimum':
      return { key: 'format.shouldGreaterOrEqual', values: { value: limit ?? 0 } }
    case 'maximum':
      return { key: 'format.shouldLessOrEqual', values: { value: limit ?? 0 } }
    case 'exclusiveMinimum':
      return { key: 'format.shouldGreater', values: { value: limit ?? 0 } }
    case 'exclusiveMaximum':
      return { key: 'format.shouldLess', values: { value: limit ?? 0 } }
    case 'multipleOf':
      return { key: 'format.multipleOf', values: { value: params(error).multipleOf as number } }
    case 'type':
      return typeKey(params(error).type)
    case 'enum':
    case 'const':
      return { key: 'format.choice' }
    case 'minItems':
      return limit === 1 ? { key: 'format.required' } : { key: 'format.minItems', values: { count: limit ?? 0 } }
    // Entries of a record (a component's data variables): "at most N items" says it as well.
    case 'maxItems':
    case 'maxProperties':
      return { key: 'format.maxItems', values: { count: limit ?? 0 } }
    case 'uniqueItems':
      return { key: 'format.unique' }
    case 'format':
      return params(error).format === 'email' ? { key: 'format.email' } : { key: 'format.invalid' }
    case 'pattern':
      // Subdomains, hosts, web addresses and phones have their own messages (decision 0113).
      return { key: patternMessageKey(String(params(error).pattern)) as SharedMessageKey }
    default:
      return { key: 'format.invalid' }
  }
}

const isUnion = (error: ErrorObject) => error.keyword === 'anyOf' || error.keyword === 'oneOf'

/**
 * One union failure (anyOf / oneOf, e.g. "a number or null", "a text or a text per language") as the
 * errors of the branch the value was meant for: a branch whose type the value has, with the fewest
 * errors. When the value fits no branch's type, one type error for the first branch that is not null.
 */
const reduceUnion = (union: ErrorObject, branchErrors: ErrorObject[]): ErrorObject[] => {
  const prefix = `${union.schemaPath}/`
  const branches = new Map<string, ErrorObject[]>()
  for (const error of branchErrors) {
    const branch = error.schemaPath.slice(prefix.length).split('/')[0]
    branches.set(branch, [...(branches.get(branch) ?? []), error])
  }
  const misfit = (errors: ErrorObject[]) =>
    errors.some((error) => error.keyword === 'type' && error.instancePath === union.instancePath)
  const fitting = [...branches.values()].filter((errors) => !misfit(errors)).sort((a, b) => a.length - b.length)
  if (fitting.length) return fitting[0]
  const types = branchErrors.filter((error) => error.keyword === 'type').map((error) => params(error).type)
  const wanted = types.flat().find((type) => type !== 'null')
  return [{ ...union, keyword: 'type', params: { type: wanted ?? 'null' } }]
}

/** Replaces every union failure by its most specific branch errors, innermost unions first. */
const reduceUnions = (errors: ErrorObject[]): ErrorObject[] => {
  let list = errors
  for (;;) {
    const inner = (union: ErrorObject) =>
      !list.some((other) => other !== union && isUnion(other) && other.schemaPath.startsWith(`${union.schemaPath}/`))
    const union = list.find((error) => isUnion(error) && inner(error))
    if (!union) return list
    const branchErrors = list.filter((error) => error.schemaPath.startsWith(`${union.schemaPath}/`))
    const replacement = branchErrors.length ? reduceUnion(union, branchErrors) : [{ ...union, keyword: 'invalid' }]
    const replaced = list.flatMap((error) => (error === union ? replacement : [error]))
    list = replaced.filter((error) => !branchErrors.includes(error) || replacement.includes(error))
  }
}

/** The dotted field path (`skus.0.price`) of an error: the property a required / unknown error names. */
const fieldOf = (error: ErrorObject) => {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const named =
    error.keyword === 'additionalProperties'
      ? params(error).additionalProperty
      : error.keyword === 'required'
        ? params(error).missingProperty
        : undefined
  return [base, named].filter(Boolean).join('.')
}

/** A clean English sentence naming the field (never the validator's own wording). */
const sentence = (field: string, { key, values }: Keyed) => {
  const name = field || 'data'
  if (key === 'format.required') return `"${name}" is required`
  if (key === 'format.unknownField') return `"${name}" is not a known field`
  return `"${name}": ${sharedMessage(key, 'en', values)}`
}

/** Ajv's errors as `{field, key, values, message}`: unions reduced, one error per field, below `at` when given. */
export const describeErrors = (errors: ErrorObject[], at = '') => {
  const seen = new Set<string>()
  const described: { field: string; message: string; key: SharedMessageKey; values?: Values }[] = []
  for (const error of reduceUnions(errors)) {
    const field = [at, fieldOf(error)].filter(Boolean).join('.')
    if (seen.has(field)) continue
    seen.add(field)
    const keyed = keyOf(error)
    described.push({ field, message: sentence(field, keyed), ...keyed })
  }
  return described
}

/** Drops what a client may not set: server-owned fields (`_id`, `shop`, counters, statuses). */
export const stripReadOnly = (model: Model, data: Record<string, unknown>): Record<string, unknown> => {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) {
    if (!model.fields.get(key)?.readOnly) result[key] = value
  }
  return result
}

/**
 * An operation's data as the wire delivered it, before any check: its fields when it is an object,
 * none otherwise. Each field is then checked on its own, so a non-object fails on its first field.
 */
export const fieldsOf = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data } : {}
