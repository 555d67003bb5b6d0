import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { SelectInput } from '../fields/select-field'
import type { SearchFieldConfig, SearchValues } from '../../lib/table/search-query'

interface SearchFormProps {
  fields: SearchFieldConfig[]
  values: SearchValues
  onChange: (values: SearchValues) => void
}

/** The inputs of a search (spec §5.7): text for the regex types, a choice for enums and booleans, ranges. */
export const SearchForm = ({ fields, values, onChange }: SearchFormProps) => {
  const { t } = useListT()
  const set = (field: string, value: unknown) => onChange({ ...values, [field]: value })
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {fields
        .filter((config) => !config.hidden)
        .map((config) => {
          const testId = `search-${config.field}`
          const label = t(config.label as never)
          if (config.type === 'select' && config.source)
            return (
              <SelectInput
                key={config.field}
                field={{
                  name: config.field,
                  label: config.label as never,
                  type: 'select',
                  source: config.source,
                  multiple: config.multiple
                }}
                value={values[config.field]}
                onChange={(next) => set(config.field, next ?? undefined)}
                values={values}
                setValue={set}
                testId={testId}
              />
            )
          if (config.type === 'enum' || config.type === 'boolean' || config.type === 'array') {
            const options =
              config.type === 'boolean'
                ? { true: 'table.yes', false: 'table.no' }
                : (config.enumList ?? ({} as Record<string, string>))
            const multiple = config.type === 'array'
            const raw = values[config.field]
            const value = multiple ? (Array.isArray(raw) ? raw : []) : raw === undefined ? '' : String(raw)
            return (
              <TextField
                key={config.field}
                select
                size="small"
                label={label}
                value={value}
                slotProps={{ select: { multiple }, htmlInput: { 'data-testid': testId } }}
                onChange={(event) => {
                  const next = event.target.value as unknown
                  if (config.type === 'boolean') set(config.field, next === '' ? undefined : next === 'true')
                  else set(config.field, next === '' ? undefined : next)
                }}
              >
                {!multiple && <MenuItem value="">{t('table.any')}</MenuItem>}
                {Object.entries(options).map(([option, key]) => (
                  <MenuItem key={option} value={option}>
                    {t(key as never)}
                  </MenuItem>
                ))}
              </TextField>
            )
          }
          if (config.type === 'dateRange' || config.type === 'numberRange') {
            const range = (values[config.field] as [unknown, unknown] | undefined) ?? ['', '']
            const type = config.type === 'dateRange' ? 'date' : 'number'
            const setEnd = (index: 0 | 1, text: string) => {
              const next: [unknown, unknown] = [range[0], range[1]]
              next[index] = text === '' ? '' : type === 'number' ? Number(text) : text
              set(config.field, next)
            }
            return (
              <Stack key={config.field} direction="row" spacing={1}>
                {([0, 1] as const).map((index) => (
                  <TextField
                    key={index}
                    size="small"
                    type={type}
                    label={`${label} ${t(index === 0 ? 'table.from' : 'table.to')}`}
                    value={String(range[index] ?? '')}
                    onChange={(event) => setEnd(index, event.target.value)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-${index}` } }}
                  />
                ))}
              </Stack>
            )
          }
          return (
            <TextField
              key={config.field}
              size="small"
              label={label}
              value={String(values[config.field] ?? '')}
              onChange={(event) => set(config.field, event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': testId } }}
            />
          )
        })}
    </Stack>
  )
}

interface SearchDialogProps {
  open: boolean
  fields: SearchFieldConfig[]
  initial: SearchValues
  onApply: (values: SearchValues) => void
  onClose: () => void
}

export const SearchDialog = ({ open, fields, initial, onApply, onClose }: SearchDialogProps) => {
  const { t } = useListT()
  const [values, setValues] = useState(initial)
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="search-dialog">
      <DialogTitle>{t('table.search')}</DialogTitle>
      <DialogContent>
        <SearchForm fields={fields} values={values} onChange={setValues} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onApply({})} data-testid="search-clear">
          {t('table.clearSearch')}
        </Button>
        <Button variant="contained" onClick={() => onApply(values)} data-testid="search-apply">
          {t('table.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
