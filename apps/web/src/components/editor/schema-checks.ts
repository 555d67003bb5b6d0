import { checkRules, formRules, type FormRules } from '@emporia/shared'
import { normalizeValues, type FieldError, type Values } from '../../lib/form-values'
import type { FieldDef } from '../fields/field-types'

/** A field's rules: the schema's (one schema, two sides), plus what the declaration adds. */
export const fieldRules = (schema: object | undefined, path: string, field: FieldDef): FormRules => {
  const rules = schema ? formRules(schema, path) : {}
  if (field.type === 'number' && field.integer) rules.type = 'integer'
  if (field.required) rules.required = true
  return rules
}

/**
 * The schema's checks of every shown field and list item (`skus.0.price`), on the value the form
 * would store (an expression's result, money in cents), with the server's message keys.
 */
export const schemaChecks = (
  fields: readonly FieldDef[],
  values: Values,
  schema: object | undefined,
  prefix = '',
  schemaPrefix = ''
): Record<string, FieldError> => {
  const errors: Record<string, FieldError> = {}
  for (const field of fields) {
    if (field.hidden?.(values) || field.type === 'custom' || field.type === 'password') continue
    const value = values[field.name]
    const stored = normalizeValues([field], { [field.name]: value })[field.name]
    // What does not evaluate stays text: the form's own check says "Invalid value or expression".
    const typed = (field.type === 'number' || field.type === 'money') && typeof stored === 'string'
    const rules = fieldRules(schema, `${schemaPrefix}${field.name}`, field)
    const error = typed ? undefined : checkRules(rules, stored, field.type === 'money' ? 100 : 1)
    if (error) errors[`${prefix}${field.name}`] = error
    if (field.type === 'list' && Array.isArray(value))
      value.forEach((item, index) =>
        Object.assign(
          errors,
          schemaChecks(
            field.fields,
            (item ?? {}) as Values,
            schema,
            `${prefix}${field.name}.${index}.`,
            `${schemaPrefix}${field.name}.`
          )
        )
      )
  }
  return errors
}
