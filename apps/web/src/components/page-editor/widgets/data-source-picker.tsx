import { Autocomplete, Chip, MenuItem, Stack, TextField } from '@mui/material'
import { defaultFetchSource, fetchSources, MAX_FETCH_LIMIT, type FetchSource } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { usePageEditorEnv } from '../editor-env'

/**
 * The data-source picker (spec §2.10, §9.5): a source (products only), a limit (10 by default) and
 * categories chosen by name; stored as `{$exp: {$fetch: …}}` (§3.15), empty values dropped when fetched.
 */
export const DataSourcePicker = ({
  value,
  onChange,
  testId
}: {
  value: FetchSource | undefined
  onChange: (value: FetchSource) => void
  testId: string
}) => {
  const { t } = useListT()
  const { categories } = usePageEditorEnv()
  const source: FetchSource = value ?? defaultFetchSource
  const query = source.params?.query ?? {}
  const chosen = query.normalizedCategories?.$in ?? []
  const setQuery = (patch: Partial<NonNullable<NonNullable<FetchSource['params']>['query']>>) =>
    onChange({ ...source, params: { ...source.params, query: { ...query, ...patch } } })
  return (
    <Stack spacing={1.5} data-testid={testId} data-value={JSON.stringify(source)}>
      <TextField
        select
        size="small"
        label={t('pe.source.source')}
        value={source.source}
        onChange={(event) => onChange({ ...source, source: event.target.value as FetchSource['source'] })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${testId}-source` } as object } }}
      >
        {fetchSources.map((name) => (
          <MenuItem key={name} value={name}>
            {t(`pe.source.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={t('pe.source.limit')}
        value={query.$limit ?? ''}
        onChange={(event) => {
          const limit = event.target.value === '' ? null : Math.round(Number(event.target.value))
          if (limit === null || (Number.isFinite(limit) && limit >= 1 && limit <= MAX_FETCH_LIMIT)) setQuery({ $limit: limit })
        }}
        slotProps={{ htmlInput: { min: 1, max: MAX_FETCH_LIMIT, 'data-testid': `${testId}-limit` } }}
      />
      <Autocomplete
        multiple
        size="small"
        options={categories}
        value={chosen}
        onChange={(_, names) => setQuery({ normalizedCategories: names.length ? { $in: names } : null })}
        renderValue={(names, getItemProps) =>
          names.map((name, index) => {
            const { key, ...chip } = getItemProps({ index })
            return <Chip key={key} size="small" label={name} {...chip} data-testid={`${testId}-category-${name}`} />
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('pe.source.categories')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-categories` }
            }}
          />
        )}
      />
    </Stack>
  )
}
