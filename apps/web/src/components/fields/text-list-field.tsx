import { Autocomplete, Chip, TextField } from '@mui/material'
import type { LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import type { FieldProps } from './field-types'

/** Free texts as chips: type one and press Enter to add it (an attribute's values). */
export const TextListInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const items = (Array.isArray(value) ? value : []) as Translatable[]
  // A stored item may be a per-language text; it shows in the interface language and is kept as it was.
  const labels = items.map((item) => resolveText(item, language as LocaleId, tAny))
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={labels}
      onChange={(_, next) => {
        const kept = next.map((label) => {
          const index = labels.indexOf(label)
          return index >= 0 ? items[index] : label.trim()
        })
        onChange(kept.filter((item) => item !== ''))
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((label, index) => {
          const { key, ...chip } = getItemProps({ index })
          return <Chip key={key} size="small" label={label} {...chip} data-testid={`${testId}-chip`} />
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t(field.label)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  )
}
