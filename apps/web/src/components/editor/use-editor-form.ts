import { useState } from 'react'
import { checkValues, type FieldError, type Values } from '../../lib/form-values'
import { listT } from '../../lib/i18n/lists'
import type { FieldDef } from '../fields/field-types'

/** The editor's values and checks: errors show only after a submit was tried (spec §5.1). */
export const useEditorForm = (fields: FieldDef[], initial: Values) => {
  const [values, setValues] = useState<Values>(initial)
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  // A hidden field (options of a type that has none) is not checked: nobody could correct it.
  const shown = fields.filter((field) => !field.hidden?.(values))
  const checks = checkValues(shown, values)
  for (const field of shown) {
    const message = field.validate?.(values[field.name], values)
    if (message && !checks[field.name]) checks[field.name] = { key: message }
  }
  const translate = (error: FieldError) => listT(error.key as never, error.values)
  const errors: Record<string, string> = tried
    ? { ...serverErrors, ...Object.fromEntries(Object.entries(checks).map(([name, error]) => [name, translate(error)])) }
    : serverErrors
  return {
    values,
    errors,
    reset: (next: Values) => {
      setValues(next)
      setTried(false)
      setServerErrors({})
    },
    setValue: (name: string, value: unknown) => {
      setValues((current) => ({ ...current, [name]: value }))
      setServerErrors(({ [name]: _, ...rest }) => rest)
    },
    /** Marks the form tried; true when it may be submitted. */
    validate: () => {
      setTried(true)
      return Object.keys(checks).length === 0
    },
    setServerError: (field: string, message: string) => setServerErrors((current) => ({ ...current, [field]: message }))
  }
}

export type EditorForm = ReturnType<typeof useEditorForm>
