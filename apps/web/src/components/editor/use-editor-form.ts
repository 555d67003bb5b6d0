import { useState } from 'react'
import { checkValues, type FieldError, type Values } from '../../lib/form-values'
import { listT } from '../../lib/i18n/lists'
import type { FieldDef } from '../fields/field-types'
import { valuesChanged } from './form-changes'
import { fieldRules, schemaChecks } from './schema-checks'

/**
 * The editor's values and checks: errors show only after a submit was tried (spec §5.1). With the
 * service's schema, required fields, limits, lengths, patterns and whole numbers are checked as the server would.
 */
export const useEditorForm = (fields: FieldDef[], initial: Values, schema?: object) => {
  const [values, setValues] = useState<Values>(initial)
  // What the form started from (the loaded record, a new record's defaults): changes are measured against it.
  const [start, setStart] = useState<Values>(initial)
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  // A hidden field (options of a type that has none) is not checked: nobody could correct it.
  const shown = fields.filter((field) => !field.hidden?.(values))
  // The form's own checks (expressions, e-mail, password) first, then the schema's rules (spec §5.1).
  const checks = { ...schemaChecks(shown, values, schema), ...checkValues(shown, values) }
  for (const field of shown) {
    const message = field.validate?.(values[field.name], values)
    if (message && !checks[field.name]) checks[field.name] = { key: message }
  }
  const translate = (error: FieldError) => listT(error.key as never, error.values)
  const errors: Record<string, string> = tried
    ? { ...serverErrors, ...Object.fromEntries(Object.entries(checks).map(([name, error]) => [name, translate(error)])) }
    : serverErrors
  // Fields the schema requires are marked as required ones declared so.
  const required = new Set(fields.filter((field) => fieldRules(schema, field.name, field).required).map((field) => field.name))
  return {
    values,
    errors,
    required,
    /** Something was changed that a close would lose. */
    dirty: valuesChanged(start, values),
    reset: (next: Values) => {
      setValues(next)
      setStart(next)
      setTried(false)
      setServerErrors({})
    },
    setValue: (name: string, value: unknown) => {
      setValues((current) => ({ ...current, [name]: value }))
      // A changed field (or list) drops the server's messages about it and its items.
      setServerErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([path]) => path !== name && !path.startsWith(`${name}.`)))
      )
    },
    /** Marks the form tried; true when it may be submitted. */
    validate: () => {
      setTried(true)
      return Object.keys(checks).length === 0
    },
    setServerError: (field: string, message: string) => setServerErrors((current) => ({ ...current, [field]: message })),
    /** The server's messages by field path (`skus.0.price`), replacing earlier ones. */
    setServerErrors: (messages: Record<string, string>) => setServerErrors(messages)
  }
}

export type EditorForm = ReturnType<typeof useEditorForm>
