import { useState } from 'react'
import { InputAdornment, TextField } from '@mui/material'
import { fromCents, toCents } from '@emporia/shared'
import { evaluateExpression } from '../../lib/expression'
import { useListT } from '../../lib/i18n/lists'
import type { FieldProps } from './field-types'

/** What the input shows: cents as a decimal ("12.50"), or the text being typed. */
const shown = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? fromCents(value)
    : value === undefined || value === null
      ? ''
      : String(value)

/**
 * Money (decision 0003): the record holds integer cents, the person types a decimal ("12.5") or
 * arithmetic; the text stays while typing and becomes cents on blur (and on save, in normalizeValues).
 */
export const MoneyInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const [focused, setFocused] = useState(false)
  return (
    <TextField
      fullWidth
      label={t(field.label)}
      value={shown(value)}
      required={field.required}
      error={Boolean(error)}
      helperText={error}
      onFocus={() => setFocused(true)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        setFocused(false)
        if (typeof value !== 'string') return
        if (value.trim() === '') return onChange(null)
        const result = evaluateExpression(value)
        // An amount out of range stays as typed; the form's check or the server says why.
        if (result.ok && Number.isFinite(result.value) && Math.abs(result.value) < 1e12) onChange(toCents(result.value))
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { 'data-testid': testId, inputMode: focused ? 'text' : 'decimal' }
      }}
    />
  )
}
