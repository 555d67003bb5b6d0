import { useEffect, useRef, useState } from 'react'
import {
  Autocomplete,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/Delete'
import type { LocaleId } from '@emporia/shared'
import { MoneyInput } from '../../components/fields/money-field'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { rowId, type Row } from '../../lib/resource-client'
import { useLinkSearch, useLinkShops, useProductNames, useShopWarehouses, type LinkShop } from './product-link-api'

interface Link {
  shop?: string
  product?: string
  price?: number | string | null
  quantity?: number | string | null
  crossWarehouse?: string | null
  intoProduct?: boolean
}

/** The searchable product picker of one link: another shop's products by name (spec §3.7 productLinks). */
const LinkedProductPicker = ({
  shop,
  value,
  onChange,
  error,
  testId
}: {
  shop: string | undefined
  value: string | undefined
  onChange: (id: string | undefined) => void
  error?: string
  testId: string
}) => {
  const { t, tAny, language } = useListT()
  const [term, setTerm] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // A short pause after typing: one search per word, not per key.
  const type = (next: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setTerm(next), 250)
  }
  useEffect(() => () => clearTimeout(timer.current), [])
  const found = useLinkSearch(shop, term)
  const options = found.data ?? []
  const loading = found.isFetching
  const named = useProductNames(shop, value ? [value] : []).data ?? []
  const text = (row: Row | undefined) => resolveText(row?.name as Translatable, language as LocaleId, tAny)
  const selected: Row | null = value
    ? (options.find((row) => rowId(row) === value) ?? named.find((row) => rowId(row) === value) ?? { _id: value })
    : null
  return (
    <Autocomplete<Row>
      sx={{ flex: 2, minWidth: 220 }}
      size="small"
      disabled={!shop}
      options={options}
      value={selected}
      loading={loading}
      filterOptions={(rows) => rows}
      isOptionEqualToValue={(a, b) => rowId(a) === rowId(b)}
      getOptionLabel={(row) => text(row) || rowId(row)}
      onInputChange={(_event, next, reason) => reason === 'input' && type(next)}
      onChange={(_event, row) => onChange(row ? rowId(row) : undefined)}
      noOptionsText={t('product.linkPicker.none')}
      loadingText={t('product.linkPicker.loading')}
      renderOption={(props, row) => (
        <li {...props} key={rowId(row)} data-testid={`${testId}-option`}>
          {text(row) || rowId(row)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('product.linkProduct')}
          placeholder={t('product.linkPicker.search')}
          required
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  )
}

/** A link's destination warehouse for crossTransfer: one of the linked shop's warehouses. */
const WarehouseSelect = ({
  shop,
  value,
  onChange,
  error,
  testId
}: {
  shop: string | undefined
  value: string | null | undefined
  onChange: (id: string | null) => void
  error?: string
  testId: string
}) => {
  const { t, tAny, language } = useListT()
  const warehouses = useShopWarehouses(shop).data ?? []
  return (
    <TextField
      select
      size="small"
      sx={{ flex: 1, minWidth: 160 }}
      label={t('product.crossWarehouse')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      error={Boolean(error)}
      helperText={error}
      disabled={!shop}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">—</MenuItem>
      {value && !warehouses.some((row) => rowId(row) === value) && <MenuItem value={value}>{value}</MenuItem>}
      {warehouses.map((row) => (
        <MenuItem key={rowId(row)} value={rowId(row)}>
          {resolveText(row.name as Translatable, language as LocaleId, tAny) || rowId(row)}
        </MenuItem>
      ))}
    </TextField>
  )
}

/**
 * Links to the same goods in other shops (spec §3.7 productLinks, used by crossTransfer): the shop
 * among those the merchant may link (decision 0189), the product picked by name, the price, units of
 * the linked product per unit of this one, the destination warehouse and "into product".
 */
export const ProductLinksInput = ({ field, value, onChange, errors, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const shops = useLinkShops()
  const links = (Array.isArray(value) ? value : []) as Link[]
  const set = (index: number, patch: Partial<Link>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)))
  const shopName = (shop: LinkShop) => resolveText(shop.name as Translatable, language as LocaleId, tAny) || shop.id
  const error = (index: number, name: string) => errors?.[`${index}.${name}`]
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      {!links.length && (
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
          {shops.length ? t('product.links.empty') : t('product.links.noShops')}
        </Typography>
      )}
      {links.map((link, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid={`${testId}-row`}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
            useFlexGap
          >
            <TextField
              select
              size="small"
              sx={{ flex: 1, minWidth: 160 }}
              label={t('product.linkShop')}
              required
              value={link.shop ?? ''}
              onChange={(event) => set(index, { shop: event.target.value, product: undefined, crossWarehouse: null })}
              error={Boolean(error(index, 'shop'))}
              helperText={error(index, 'shop')}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-shop-${index}` } }}
            >
              {link.shop && !shops.some((shop) => shop.id === link.shop) && <MenuItem value={link.shop}>{link.shop}</MenuItem>}
              {shops.map((shop) => (
                <MenuItem key={shop.id} value={shop.id}>
                  {shopName(shop)}
                </MenuItem>
              ))}
            </TextField>
            <LinkedProductPicker
              shop={link.shop}
              value={link.product}
              onChange={(product) => set(index, { product })}
              error={error(index, 'product')}
              testId={`${testId}-product-${index}`}
            />
            <Stack sx={{ flex: 1, minWidth: 120 }}>
              <MoneyInput
                field={{ name: 'price', label: 'product.price', type: 'money' }}
                value={link.price}
                onChange={(price) => set(index, { price: price as Link['price'] })}
                error={error(index, 'price')}
                values={link as Record<string, unknown>}
                setValue={() => {}}
                testId={`${testId}-price-${index}`}
              />
            </Stack>
            <TextField
              size="small"
              sx={{ flex: 1, minWidth: 100 }}
              type="number"
              label={t('product.linkQuantity')}
              value={link.quantity ?? ''}
              onChange={(event) => set(index, { quantity: event.target.value === '' ? null : Number(event.target.value) })}
              error={Boolean(error(index, 'quantity'))}
              helperText={error(index, 'quantity')}
              slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': `${testId}-quantity-${index}` } }}
            />
            <WarehouseSelect
              shop={link.shop}
              value={link.crossWarehouse}
              onChange={(crossWarehouse) => set(index, { crossWarehouse })}
              error={error(index, 'crossWarehouse')}
              testId={`${testId}-warehouse-${index}`}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(link.intoProduct)}
                  onChange={(event) => set(index, { intoProduct: event.target.checked })}
                />
              }
              label={t('product.intoProduct')}
            />
            <IconButton
              aria-label={t('field.remove')}
              onClick={() => onChange(links.filter((_, i) => i !== index))}
              data-testid={`${testId}-remove-${index}`}
            >
              <Delete />
            </IconButton>
          </Stack>
        </Paper>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => onChange([...links, { shop: shops.length === 1 ? shops[0].id : undefined }])}
        disabled={!shops.length}
        sx={{ alignSelf: 'flex-start' }}
        data-testid={`${testId}-add`}
      >
        {t('product.links.add')}
      </Button>
    </Stack>
  )
}
