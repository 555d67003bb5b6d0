import { useState } from 'react'
import { Button, Checkbox, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material'
import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined'
import {
  setVariantField,
  toCents,
  variantRows,
  type LocaleId,
  type ProductRecord,
  type Sku,
  type VariantOption
} from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { MoneyInput } from '../../components/fields/money-field'
import type { FieldProps } from '../../components/fields/field-types'
import { evaluateExpression } from '../../lib/expression'
import { generateItemId } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { useLiveProduct } from './product-api'
import { stockRows } from './product-stock'

/** The product's attributes as variant options: a name and its values (spec §3.7 attributes). */
const optionsOf = (attributes: unknown): VariantOption[] =>
  (Array.isArray(attributes) ? (attributes as { name?: unknown; values?: unknown }[]) : []).map((attribute) => ({
    name: (attribute.name ?? '') as VariantOption['name'],
    values: (Array.isArray(attribute.values) ? attribute.values : []) as VariantOption['values']
  }))

/** A typed amount as cents, or undefined when it is none. */
const centsOf = (text: string): number | undefined => {
  const result = evaluateExpression(text)
  if (!result.ok || !Number.isFinite(result.value) || result.value < 0 || result.value >= 1e9) return undefined
  return toCents(result.value)
}

/**
 * The variant option matrix (spec §3.7 SKU list): the options (the product's attributes, Size: S/M/L ×
 * Colour: red/blue) generate one SKU per combination, keeping the SKUs already there (their id, under
 * which stock is kept, code and prices); each row edits its code and price and shows its stock, and a
 * price can be set on every row or the chosen ones at once. The SKU list below edits the same SKUs.
 */
export const VariantMatrixInput = ({ values, setValue, record, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const lang = language as LocaleId
  const product = useLiveProduct(record?._id as string | undefined)
  const skus = (Array.isArray(values.skus) ? values.skus : []) as Sku[]
  const options = optionsOf(values.attributes)
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [bulkPrice, setBulkPrice] = useState('')
  const [pending, setPending] = useState<{ skus: Sku[]; dropped: number } | undefined>()
  const stock = new Map(product.data ? stockRows(product.data as ProductRecord).map((row) => [row.sku, row.quantity]) : [])
  const text = (value: unknown) => resolveText(value as Translatable, lang, tAny)

  const generate = () => {
    const result = variantRows(options, skus, generateItemId)
    if (result.dropped.length) setPending({ skus: result.skus, dropped: result.dropped.length })
    else setValue('skus', result.skus)
  }
  const setRow = (id: string, patch: Partial<Sku>) =>
    setValue(
      'skus',
      skus.map((sku) => (sku.id === id ? { ...sku, ...patch } : sku))
    )
  const bulk = centsOf(bulkPrice)
  const applyPrice = () => {
    if (bulk === undefined) return
    const ids = new Set([...chosen].filter((id) => skus.some((sku) => sku.id === id)))
    setValue('skus', setVariantField(skus, 'price', bulk, ids))
  }
  const toggle = (id: string) =>
    setChosen((all) => {
      const next = new Set(all)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const selectedCount = skus.filter((sku) => chosen.has(sku.id)).length
  const canGenerate = options.some((option) => option.values.length > 0)

  return (
    <Stack spacing={1.5} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('product.matrix')}
        </Typography>
        <Button startIcon={<AutoAwesome />} onClick={generate} disabled={!canGenerate} data-testid={`${testId}-generate`}>
          {t('product.matrix.generate')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('product.matrix.help')}
      </Typography>
      {skus.length > 0 && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              size="small"
              label={t('product.matrix.bulkPrice')}
              value={bulkPrice}
              onChange={(event) => setBulkPrice(event.target.value)}
              error={bulkPrice !== '' && bulk === undefined}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-bulk-price`, inputMode: 'decimal' } }}
              sx={{ maxWidth: 200 }}
            />
            <Button variant="outlined" onClick={applyPrice} disabled={bulk === undefined} data-testid={`${testId}-bulk-apply`}>
              {selectedCount ? t('product.matrix.applySelected', { count: selectedCount }) : t('product.matrix.applyAll')}
            </Button>
          </Stack>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selectedCount === skus.length}
                    indeterminate={selectedCount > 0 && selectedCount < skus.length}
                    onChange={(event) => setChosen(event.target.checked ? new Set(skus.map((sku) => sku.id)) : new Set())}
                    slotProps={{ input: { 'aria-label': t('product.matrix.selectAll') } }}
                  />
                </TableCell>
                <TableCell>{t('product.skuName')}</TableCell>
                <TableCell>{t('product.skuCode')}</TableCell>
                <TableCell>{t('product.price')}</TableCell>
                <TableCell align="right">{t('product.matrix.stock')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {skus.map((sku, index) => (
                <TableRow key={sku.id} data-testid={`${testId}-row`} data-name={text(sku.name)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.has(sku.id)}
                      onChange={() => toggle(sku.id)}
                      slotProps={{ input: { 'aria-label': text(sku.name) } }}
                    />
                  </TableCell>
                  <TableCell>{text(sku.name)}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <TextField
                      size="small"
                      fullWidth
                      value={sku.code ?? ''}
                      onChange={(event) => setRow(sku.id, { code: event.target.value.trim() || null })}
                      slotProps={{ htmlInput: { 'data-testid': `${testId}-code-${index}`, 'aria-label': t('product.skuCode') } }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <MoneyInput
                      field={{ name: 'price', label: 'product.price', type: 'money' }}
                      value={sku.price}
                      onChange={(price) => setRow(sku.id, { price: price as Sku['price'] })}
                      values={sku as unknown as Record<string, unknown>}
                      setValue={() => {}}
                      testId={`${testId}-price-${index}`}
                    />
                  </TableCell>
                  <TableCell align="right" data-testid={`${testId}-stock-${index}`}>
                    {stock.get(sku.id) ?? 0}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {!skus.length && (
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
          {t('product.matrix.empty')}
        </Typography>
      )}
      <ConfirmDialog
        open={Boolean(pending)}
        text={t('product.matrix.dropConfirm', { count: pending?.dropped ?? 0 })}
        onClose={() => setPending(undefined)}
        onConfirm={() => {
          if (pending) setValue('skus', pending.skus)
          setPending(undefined)
        }}
        testId={`${testId}-drop-confirm`}
      />
    </Stack>
  )
}
