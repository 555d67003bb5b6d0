import { useQuery } from '@tanstack/react-query'
import { Box, Checkbox, FormControlLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material'
import { servicePaths, type LocaleId, type Spec } from '@emporia/shared'
import { FieldInput } from '../../components/fields/field-input'
import { AddItemButton, RemoveItemButton } from '../../components/fields/list-field'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { shopApi } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import { specValueFor, type SpecValue } from './spec-values'

/** A value input matching its spec definition's type (spec §3.7 specs: number, boolean, enum, multiEnum, string, tran). */
const ValueInput = ({
  spec,
  value,
  onChange,
  testId
}: {
  spec: Spec
  value: unknown
  onChange: (v: unknown) => void
  testId: string
}) => {
  const { t, tAny, language } = useListT()
  const label = t('product.specValue')
  const text = (name: unknown) => resolveText(name as Translatable, language as LocaleId, tAny)
  switch (spec.type) {
    case 'boolean':
      return (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { ...{ 'data-testid': testId } } }}
            />
          }
        />
      )
    case 'enum':
    case 'multiEnum': {
      const multiple = spec.type === 'multiEnum'
      return (
        <TextField
          select
          fullWidth
          label={label}
          value={multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value as unknown)}
          slotProps={{ select: { multiple }, htmlInput: { 'data-testid': testId } }}
        >
          {(spec.options ?? []).map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {text(option.name)}
            </MenuItem>
          ))}
        </TextField>
      )
    }
    case 'tran':
      return (
        <FieldInput
          field={{ name: 'value', label: 'product.specValue', type: 'translatable' }}
          value={value}
          onChange={onChange}
          values={{}}
          setValue={() => {}}
          testId={testId}
        />
      )
    default:
      return (
        <TextField
          fullWidth
          label={label}
          type={spec.type === 'number' ? 'number' : 'text'}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) =>
            onChange(
              spec.type === 'number' ? (event.target.value === '' ? null : Number(event.target.value)) : event.target.value
            )
          }
          slotProps={{ htmlInput: { 'data-testid': testId, min: spec.min ?? undefined, max: spec.max ?? undefined } }}
        />
      )
  }
}

/** The product's spec values: pick a spec definition, then a value of its type. */
export const SpecValuesInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const shop = useCurrentShopId()
  const specs = useQuery({
    queryKey: [servicePaths.specs, 'find', { all: true, shop }],
    enabled: Boolean(shop),
    staleTime: 30_000,
    queryFn: async () => (await shopApi(servicePaths.specs).find({ $limit: 100 })).data
  }).data
  const entries = (Array.isArray(value) ? value : []) as SpecValue[]
  const set = (index: number, next: SpecValue) => onChange(entries.map((entry, i) => (i === index ? next : entry)))
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      {entries.map((entry, index) => {
        const spec = specs?.find((item) => item._id === entry.spec)
        return (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid={`${testId}-item`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
                <TextField
                  select
                  fullWidth
                  label={t('product.spec')}
                  value={specs ? entry.spec : ''}
                  onChange={(event) => set(index, specValueFor(specs?.find((item) => item._id === event.target.value)))}
                  slotProps={{ htmlInput: { 'data-testid': `${testId}-${index}-spec` } }}
                >
                  {(specs ?? []).map((item) => (
                    <MenuItem key={item._id} value={item._id}>
                      {resolveText(item.name as Translatable, language as LocaleId, tAny)}
                    </MenuItem>
                  ))}
                </TextField>
                {spec && (
                  <ValueInput
                    spec={spec}
                    value={entry.value}
                    onChange={(next) => set(index, { spec: entry.spec, value: next as SpecValue['value'] })}
                    testId={`${testId}-${index}-value`}
                  />
                )}
              </Box>
              <RemoveItemButton
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
                testId={`${testId}-${index}-remove`}
              />
            </Stack>
          </Paper>
        )
      })}
      <AddItemButton
        disabled={!specs?.length}
        onClick={() => onChange([...entries, specValueFor(specs?.[0])])}
        testId={`${testId}-add`}
      />
      {error && (
        <Typography color="error" variant="caption">
          {error}
        </Typography>
      )}
    </Stack>
  )
}
