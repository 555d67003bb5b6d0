import { useState, type Dispatch, type SetStateAction } from 'react'
import { Box, Button, Stack, TextField } from '@mui/material'
import { servicePaths, type ProductRecord } from '@emporia/shared'
import { FormFieldInput } from '../../components/editor/form-field-input'
import { useEditorForm } from '../../components/editor/use-editor-form'
import type { FieldDef } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { shopApi, shopRows } from '../../lib/resource-client'
import { translatablePaths } from '../../lib/table/search-query'
import { categoryLines, scannedOf, withScan, type CodedProduct, type StockLine } from './stock-lines'

const named = { searchFields: translatablePaths('name') }

const pickField: FieldDef = {
  name: 'product',
  label: 'stockLines.add',
  type: 'select',
  source: { path: servicePaths.products, ...named }
}

const categoryField: FieldDef = {
  name: 'category',
  label: 'stockLines.category',
  type: 'select',
  source: { path: servicePaths.categories, ...named }
}

/**
 * The ways lines come onto the stock screen (decisions 0156, 0173): a product found by name, a code
 * scanned or typed (the goods' line counts one more per scan, or comes in with one), and a whole category
 * at once (a product sold in sizes size by size; goods already listed left out).
 */
export const StockLineAdders = ({
  lines,
  setLines,
  lineFor,
  onWeighedScan
}: {
  lines: StockLine[]
  setLines: Dispatch<SetStateAction<StockLine[]>>
  lineFor: (product: CodedProduct, sku?: string) => StockLine
  /** A scan found weighed goods: their line's key, for its quantity to be typed. */
  onWeighedScan: (key: string) => void
}) => {
  const { t } = useListT()
  const pick = useEditorForm([pickField], {})
  const add = async (id: unknown) => {
    pick.setValue('product', null)
    if (typeof id !== 'string' || !id) return
    const product = (await shopApi(servicePaths.products).get(id)) as ProductRecord
    setLines((current) => [...current, lineFor(product)])
  }

  // A scanner types the code and Enter.
  const [code, setCode] = useState('')
  const [notFound, setNotFound] = useState<string | undefined>()
  const scan = async () => {
    const typed = code.trim()
    if (!typed) return
    setCode('')
    const found = scannedOf(typed, (await shopRows(servicePaths.products, { $search: typed, $limit: 20 })) as CodedProduct[])
    setNotFound(found ? undefined : t('stockLines.notFound', { code: typed }))
    if (!found) return
    const next = withScan(lines, lineFor(found.product, found.sku))
    setLines(next.lines)
    if (next.lines[next.index].weighted) onWeighedScan(next.lines[next.index].key)
  }

  const picked = useEditorForm([categoryField], {})
  const [loading, setLoading] = useState(false)
  const loadCategory = async () => {
    const category = picked.values.category
    if (typeof category !== 'string' || !category || loading) return
    setLoading(true)
    try {
      // A product's categories hold its main one too (decision 0151).
      const products = (await shopRows(servicePaths.products, { categories: { $in: [category] }, $limit: 500 })) as CodedProduct[]
      const added = categoryLines(lines, products, lineFor)
      setLines((current) => [...current, ...added])
      notifySuccess(t('stockLines.loaded', { count: added.length }))
      picked.setValue('category', null)
    } finally {
      setLoading(false)
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <FormFieldInput
        form={{
          ...pick,
          setValue: (name: string, value: unknown) => (name === 'product' ? void add(value) : pick.setValue(name, value))
        }}
        field={pickField}
        testId="stock-lines-add"
      />
      <TextField
        fullWidth
        label={t('stockLines.scan')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          void scan()
        }}
        error={Boolean(notFound)}
        helperText={notFound ?? t('stockLines.scanHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'stock-lines-scan', autoComplete: 'off' } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <FormFieldInput form={picked} field={categoryField} testId="stock-lines-category" />
        </Box>
        <Button
          variant="outlined"
          disabled={loading || !picked.values.category}
          onClick={() => void loadCategory()}
          data-testid="stock-lines-load-category"
          sx={{ minHeight: 56 }}
        >
          {t('stockLines.loadCategory')}
        </Button>
      </Stack>
    </Box>
  )
}
