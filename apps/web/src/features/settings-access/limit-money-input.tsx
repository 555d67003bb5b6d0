import { InputAdornment, TextField } from '@mui/material'
import { fromCents } from '@emporia/shared'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'

/** Cents as loaded, or the text being typed (checked by `parseLimit` on save, never rounded). */
const shown = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? fromCents(value) : typeof value === 'string' ? value : ''

/** A staff discount limit in HK$; empty means no limit. */
export const LimitMoneyInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  return (
    <TextField
      fullWidth
      label={t(field.label)}
      value={shown(value)}
      error={Boolean(error)}
      helperText={error ?? (field.help ? t(field.help) : undefined)}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">HK$</InputAdornment> },
        htmlInput: { 'data-testid': testId, inputMode: 'decimal' }
      }}
    />
  )
}
