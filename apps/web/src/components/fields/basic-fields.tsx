import { useState } from 'react'
import { Checkbox, FormControlLabel, FormHelperText, InputAdornment, Stack, TextField } from '@mui/material'
import dayjs from 'dayjs'
import { evaluateExpression } from '../../lib/expression'
import { useListT } from '../../lib/i18n/lists'
import type { FieldProps } from './field-types'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const TextInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  return (
    <TextField
      fullWidth
      label={t(field.label)}
      type={field.type === 'email' ? 'email' : 'text'}
      multiline={field.type === 'textarea'}
      minRows={field.type === 'textarea' ? 3 : undefined}
      value={text(value)}
      required={field.required}
      error={Boolean(error)}
      helperText={error ?? (field.help && t(field.help))}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  )
}

/**
 * Accepts arithmetic ("12*3+1", spec §5.1): the typed text stays while editing and becomes the
 * number on blur; an invalid expression is kept so the form can say "Invalid value or expression".
 */
export const NumberInput = ({ field, value, onChange, error, values, testId }: FieldProps) => {
  const { t } = useListT()
  const [focused, setFocused] = useState(false)
  const unit = field.type === 'number' ? field.unit?.(values) : undefined
  return (
    <TextField
      fullWidth
      label={t(field.label)}
      value={text(value)}
      required={field.required}
      error={Boolean(error)}
      helperText={error ?? (field.help && t(field.help))}
      onFocus={() => setFocused(true)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        setFocused(false)
        if (typeof value !== 'string' || value.trim() === '') return onChange(value === '' ? undefined : value)
        const result = evaluateExpression(value)
        // Never rounded: a whole-number field refuses 2.5 with a message rather than storing 3.
        if (result.ok) onChange(result.value)
      }}
      slotProps={{
        htmlInput: { 'data-testid': testId, inputMode: focused ? 'text' : 'decimal' },
        input: unit
          ? {
              endAdornment: (
                <InputAdornment position="end" data-testid={`${testId}-unit`}>
                  {unit}
                </InputAdornment>
              )
            }
          : undefined
      }}
    />
  )
}

/** Password with its confirmation; the confirmation is kept beside it as `{name}$confirm`, never sent. */
export const PasswordInput = ({ field, value, onChange, error, values, setValue, testId }: FieldProps) => {
  const { t } = useListT()
  const confirmName = `${field.name}$confirm`
  return (
    <Stack spacing={2}>
      <TextField
        fullWidth
        type="password"
        label={t(field.label)}
        value={text(value)}
        error={Boolean(error)}
        helperText={error}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': testId, autoComplete: 'new-password' } }}
      />
      <TextField
        fullWidth
        type="password"
        label={t('field.confirmPassword')}
        value={text(values[confirmName])}
        onChange={(event) => setValue(confirmName, event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-confirm`, autoComplete: 'new-password' } }}
      />
    </Stack>
  )
}

/** Dates are stored as ISO strings; a date field keeps the day, a date-time field the local moment. */
export const DateInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const withTime = field.type === 'datetime'
  const shown = value ? dayjs(value as string).format(withTime ? 'YYYY-MM-DDTHH:mm' : 'YYYY-MM-DD') : ''
  return (
    <TextField
      fullWidth
      type={withTime ? 'datetime-local' : 'date'}
      label={t(field.label)}
      value={shown}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) =>
        onChange(event.target.value ? (withTime ? dayjs(event.target.value).toISOString() : event.target.value) : undefined)
      }
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  )
}

export const BooleanInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(value)}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { ...{ 'data-testid': testId } } }}
          />
        }
        label={t(field.label)}
      />
      {error ? (
        <FormHelperText error>{error}</FormHelperText>
      ) : (
        field.help && <FormHelperText sx={{ mt: 0 }}>{t(field.help)}</FormHelperText>
      )}
    </>
  )
}
