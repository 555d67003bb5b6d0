import { BadRequest } from '@feathersjs/errors'
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { TObject } from '@sinclair/typebox'
import { HOST_PATTERN, SUBDOMAIN_PATTERN } from '@emporia/shared'
import type { Model } from '../../db/query/model'

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true })
addFormats(ajv)

export interface DataValidators {
  create: ValidateFunction
  patch: ValidateFunction
}

/**
 * Two validators per service from its one schema: whole records (create, update) need every
 * required field a client owns; patches need none. Server-owned fields are not required of
 * anyone; whether a caller may set them is decided before validation (`stripReadOnly`).
 */
export const dataValidators = (model: Model): DataValidators => {
  const { $id: _ignored, ...schema } = model.schema as TObject & { $id?: string }
  const clientRequired = (schema.required ?? []).filter((name) => !model.fields.get(name)?.readOnly)
  return {
    create: ajv.compile({ ...schema, required: clientRequired }),
    patch: ajv.compile({ ...schema, required: [] })
  }
}

export const assertValid = (validate: ValidateFunction, data: unknown) => {
  if (validate(data)) return
  const errors = (validate.errors ?? []).map(describe)
  throw new BadRequest(`Invalid data: ${errors.map((e) => e.message).join('; ')}`, { errors })
}

/** The shared message key (spec §5.1 format.*) a client shows for a failed rule, in its language. */
const keyOf = (error: ErrorObject): { key: string; values?: Record<string, number> } => {
  const limit = (error.params as { limit?: number }).limit
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
    case 'format':
      return (error.params as { format?: string }).format === 'email' ? { key: 'format.email' } : { key: 'format.invalid' }
    case 'pattern': {
      const pattern = (error.params as { pattern?: string }).pattern
      if (pattern === SUBDOMAIN_PATTERN) return { key: 'format.subdomain' }
      if (pattern === HOST_PATTERN) return { key: 'format.host' }
      return { key: 'format.invalid' }
    }
    default:
      return { key: 'format.invalid' }
  }
}

const describe = (error: ErrorObject) => {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const key = keyOf(error)
  if (error.keyword === 'additionalProperties') {
    const field = [base, (error.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.')
    return { field, message: `"${field}" is not a known field`, ...key }
  }
  if (error.keyword === 'required') {
    const field = [base, (error.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.')
    return { field, message: `"${field}" is required`, ...key }
  }
  return { field: base, message: `"${base || 'data'}" ${error.message ?? 'is invalid'}`, ...key }
}

/** Drops what a client may not set: server-owned fields (`_id`, `shop`, counters, statuses). */
export const stripReadOnly = (model: Model, data: Record<string, unknown>): Record<string, unknown> => {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) {
    if (!model.fields.get(key)?.readOnly) result[key] = value
  }
  return result
}
