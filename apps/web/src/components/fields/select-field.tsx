import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Autocomplete, MenuItem, TextField } from '@mui/material'
import type { LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { pageOf, resourceApi, type Row } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import { missingValues, optionsQuery } from '../../lib/lookup-query'
import type { FieldProps, OptionSource } from './field-types'

interface Option {
  value: string
  text: string
}

type ServiceSource = Extract<OptionSource, { path: string }>

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : [])

/** Options from a service: searched as the user types, plus the selected values not among the results. */
const useServiceOptions = (source: ServiceSource, search: string, selected: string[]) => {
  const { tAny, language } = useListT()
  const shop = useCurrentShopId()
  const valueField = source.valueField ?? '_id'
  const textField = source.textField ?? 'name'
  const toOption = (row: Row): Option => ({
    value: String(row[valueField]),
    text: resolveText(row[textField] as Translatable, language as LocaleId, tAny)
  })
  const api = resourceApi(source.path)
  const found = useQuery({
    queryKey: [source.path, 'find', { options: search, query: source.query, shop }],
    enabled: Boolean(shop),
    staleTime: 30_000,
    queryFn: async () => pageOf(await api.find(optionsQuery(source, search))).data
  })
  const results = found.data ?? []
  const missing = missingValues(
    selected,
    results.map((row) => String(row[valueField]))
  )
  const extra = useQuery({
    queryKey: [source.path, 'find', { selected: missing, shop }],
    enabled: Boolean(shop) && missing.length > 0,
    staleTime: 30_000,
    queryFn: async () => pageOf(await api.find({ [valueField]: { $in: missing }, $limit: missing.length })).data
  })
  return { options: [...results, ...(extra.data ?? [])].map(toOption), loading: found.isFetching }
}

const ServiceSelect = ({ field, value, onChange, error, testId, source }: FieldProps & { source: ServiceSource }) => {
  const { t } = useListT()
  const [search, setSearch] = useState('')
  const multiple = field.type === 'select' && Boolean(field.multiple)
  const selected = asList(value)
  const { options, loading } = useServiceOptions(source, search, selected)
  const byValue = new Map(options.map((option) => [option.value, option]))
  const current = selected.map((v) => byValue.get(v) ?? { value: v, text: '' })
  return (
    <Autocomplete<Option, boolean>
      multiple={multiple}
      options={options}
      loading={loading}
      value={multiple ? current : (current[0] ?? null)}
      filterOptions={(list) => list}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(option) => option.text}
      noOptionsText={t('field.noOptions')}
      onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_, next) => onChange(Array.isArray(next) ? next.map((o) => o.value) : (next?.value ?? null))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t(field.label)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            // A chosen record's name comes after its id (a lookup): the label sits above from the start,
            // rather than over the name while it moves up once the name arrives.
            ...(selected.length ? { inputLabel: { shrink: true } } : {})
          }}
        />
      )}
    />
  )
}

/** A choice from a named enum list or from a service (spec §3.16, §7.8 lookup). */
export const SelectInput = (props: FieldProps) => {
  const { t } = useListT()
  const { field, value, onChange, error, testId } = props
  if (field.type !== 'select') return null
  if ('path' in field.source) return <ServiceSelect {...props} source={field.source} />
  const multiple = Boolean(field.multiple)
  // A list with an empty choice ("no date") shows it when chosen, rather than an empty box.
  const emptyChoice = '' in field.source.enumList
  return (
    <TextField
      select
      fullWidth
      label={t(field.label)}
      value={multiple ? asList(value) : value === undefined || value === null ? '' : String(value)}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value as unknown)}
      slotProps={{
        select: { multiple, displayEmpty: emptyChoice },
        htmlInput: { 'data-testid': testId },
        ...(emptyChoice ? { inputLabel: { shrink: true } } : {})
      }}
    >
      {Object.entries(field.source.enumList).map(([option, key]) => (
        <MenuItem
          key={option}
          value={option}
          disabled={field.disabledOptions?.includes(option)}
          data-testid={`${testId}-option-${option}`}
        >
          {t(key)}
        </MenuItem>
      ))}
    </TextField>
  )
}
