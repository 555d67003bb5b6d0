import { useQuery } from '@tanstack/react-query'
import { MenuItem, TextField } from '@mui/material'
import type { ListServicePath, LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { queryKeys } from '../../lib/query-keys'
import { resourceApi, type Row } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import type { FieldProps } from './field-types'

/** A choice among the items of another record's array (a product's SKUs), that record named by a sibling field. */
export const RecordItemInput = ({ field, value, onChange, values, error, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const shop = useCurrentShopId()
  const source = field.type === 'recordItem' ? field.source : undefined
  const id = source ? values[source.from] : undefined
  const parent = useQuery({
    queryKey: queryKeys.get(source?.path ?? '', typeof id === 'string' ? id : ''),
    enabled: Boolean(source && shop && typeof id === 'string' && id),
    staleTime: 30_000,
    queryFn: () => resourceApi(source!.path).get(id as string)
  })
  if (!source) return null
  const items = ((parent.data?.[source.list] as Row[] | undefined) ?? []).filter(Boolean)
  if (!items.length) return null
  const valueField = source.valueField ?? 'id'
  const textField = source.textField ?? 'name'
  return (
    <TextField
      select
      fullWidth
      label={t(field.label)}
      value={typeof value === 'string' && items.some((item) => item[valueField] === value) ? value : ''}
      required={field.required}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {items.map((item) => (
        <MenuItem key={String(item[valueField])} value={String(item[valueField])} data-testid={`${testId}-option`}>
          {resolveText(item[textField] as Translatable, language as LocaleId, tAny)}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** The name of one item of another record's array, for a list cell (a SKU of the row's product). */
export const RecordItemText = ({ path, id, list, item, valueField = 'id', textField = 'name' }: RecordItemTextProps) => {
  const { tAny, language } = useListT()
  const shop = useCurrentShopId()
  const record = useQuery({
    queryKey: queryKeys.get(path, typeof id === 'string' ? id : ''),
    enabled: Boolean(shop && typeof id === 'string' && id && item),
    staleTime: 60_000,
    queryFn: () => resourceApi(path).get(id as string)
  })
  const found = ((record.data?.[list] as Row[] | undefined) ?? []).find((entry) => entry?.[valueField] === item)
  return <>{found ? resolveText(found[textField] as Translatable, language as LocaleId, tAny) : ''}</>
}

interface RecordItemTextProps {
  path: ListServicePath
  /** The record's id (the row's product). */
  id: unknown
  list: string
  /** The item's id (the row's SKU); nothing shows without one. */
  item: unknown
  valueField?: string
  textField?: string
}
