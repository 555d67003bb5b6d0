import { useRef, useState } from 'react'
import { useStockTakeSystem } from './use-stock-take-system'
import { StockLineAdders } from './stock-line-adders'
import { useQuantityText } from '../../lib/format/quantity'
import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import Delete from '@mui/icons-material/DeleteOutlined'
import { useQueryClient } from '@tanstack/react-query'
import { servicePaths, type LocaleId, type ProductRecord } from '@emporia/shared'
import { FormFieldInput } from '../../components/editor/form-field-input'
import { useEditorForm } from '../../components/editor/use-editor-form'
import type { FieldDef } from '../../components/fields/field-types'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { shopApi } from '../../lib/resource-client'
import { translatablePaths } from '../../lib/table/search-query'
import { modeLabels } from '../../lib/stock-modes'
import { operationError } from '../../lib/stock-operations'
import {
  countOfLine,
  differenceOf,
  lineOf,
  refusedLine,
  stockLineModes,
  stockLinesRequest,
  unitsOfLine,
  type CodedProduct,
  type StockLine,
  type StockLineMode
} from './stock-lines'

const named = { searchFields: translatablePaths('name') }

/** The modes' names: the operation's own, and the count (decision 0162). */
const lineModeLabels: Record<StockLineMode, AnyMessageKey> = { ...modeLabels, stockTake: 'stockLines.mode.stockTake' }

const headFields: FieldDef[] = [
  {
    name: 'mode',
    label: 'stockOp.mode',
    type: 'select',
    required: true,
    source: { enumList: Object.fromEntries(stockLineModes.map((mode) => [mode, lineModeLabels[mode]])) }
  },
  {
    name: 'warehouse',
    label: 'stockOp.warehouse',
    type: 'select',
    required: true,
    source: { path: servicePaths.warehouses, ...named }
  },
  {
    name: 'toWarehouse',
    label: 'stockOp.toWarehouse',
    type: 'select',
    source: { path: servicePaths.warehouses, ...named },
    hidden: (values) => values.mode !== 'transfer',
    validate: (value, values) =>
      values.mode !== 'transfer'
        ? undefined
        : !value
          ? 'format.required'
          : value === values.warehouse
            ? 'stockOp.sameWarehouse'
            : undefined
  },
  { name: 'comment', label: 'stockOp.comment', type: 'text' }
]

/** A difference as the count shows it: "+2", "−0.35 斤", "0"; empty until known. */
const signed = (units: number | undefined, text: (units: number) => string) =>
  units === undefined ? '' : units > 0 ? `+${text(units)}` : units < 0 ? `−${text(-units)}` : text(0)

/**
 * Stock moves (decision 0156): many products and SKUs restocked, taken away or moved to another
 * warehouse at once — a delivery, a shelf count's corrections, a shop refilled from the store room —
 * instead of one dialog per SKU in each product. All lines go in one call: every line moves or none.
 */
export const StockMovesPage = () => {
  const { t, tAny, language } = useListT()
  const locale = language as LocaleId
  const queryClient = useQueryClient()
  const head = useEditorForm(headFields, { mode: 'restock' })
  const [lines, setLines] = useState<StockLine[]>([])
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [refusal, setRefusal] = useState<{ line?: number; text: string } | undefined>()
  const text = (value: unknown) => resolveText(value as Translatable, locale, tAny)
  const quantityText = useQuantityText()
  const counting = head.values.mode === 'stockTake'
  const warehouse = typeof head.values.warehouse === 'string' ? head.values.warehouse : ''
  // A stock-take shows each line's system quantity in the chosen warehouse, read when the line is counted.
  useStockTakeSystem(counting ? warehouse : '', lines, setLines)

  const lineFor = (product: CodedProduct, sku?: string) => {
    const record = product as ProductRecord
    const line = lineOf(`${product._id}-${sku ?? ''}-${Date.now()}`, record, text(record.name), (entry) =>
      text((record.skus ?? []).find((one) => one.id === entry.id)?.name ?? entry.id)
    )
    return sku ? { ...line, sku } : line
  }
  // Weighed goods found by a scan are typed: their line's quantity takes the keys next.
  const quantityInputs = useRef(new Map<string, HTMLInputElement>())
  const focusQuantity = (key: string) => setTimeout(() => quantityInputs.current.get(key)?.focus())
  const change = (key: string, patch: Partial<StockLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)))
  const problemOf = (line: StockLine, i: number): string | undefined => {
    if (refusal?.line === i) return refusal.text
    const result = counting ? countOfLine(line) : unitsOfLine(line)
    return tried && 'problem' in result ? t(result.problem as AnyMessageKey) : undefined
  }

  const request = () =>
    stockLinesRequest(lines, {
      mode: head.values.mode as StockLineMode,
      warehouse: String(head.values.warehouse ?? ''),
      toWarehouse: typeof head.values.toWarehouse === 'string' ? head.values.toWarehouse : undefined,
      comment: typeof head.values.comment === 'string' ? head.values.comment : undefined
    })
  const review = () => {
    setTried(true)
    setRefusal(undefined)
    if (!head.validate() || !lines.length || 'problems' in request()) return
    setConfirming(true)
  }
  const apply = async () => {
    const built = request()
    setConfirming(false)
    if (!('data' in built) || busy) return
    setBusy(true)
    try {
      const answer = await shopApi(servicePaths.inventoryOperations).create(built.data)
      notifySuccess(
        counting ? t('stockLines.countDone', { changes: answer.logs.length }) : t('stockLines.done', { count: built.data.length })
      )
      setLines([])
      setTried(false)
      void queryClient.invalidateQueries({ queryKey: queryKeys.service(servicePaths.products) })
    } catch (error) {
      const line = refusedLine(error, lines)
      // Stock moved since the line was counted: it shows the quantity now, for the merchant to check.
      const now = (error as { data?: { key?: string; values?: { now?: number } } }).data
      if (line !== undefined && now?.key === 'stockTake.moved' && typeof now.values?.now === 'number')
        change(lines[line].key, { system: now.values.now })
      setRefusal({ line, text: operationError(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack spacing={2} data-testid="stock-moves-page">
      <Typography variant="body2" color="text.secondary">
        {t(counting ? 'stockLines.countHint' : 'stockLines.hint')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
          {headFields
            .filter((field) => !field.hidden?.(head.values))
            .map((field) => (
              <FormFieldInput key={field.name} form={head} field={field} testId={`stock-lines-${field.name}`} />
            ))}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <StockLineAdders lines={lines} setLines={setLines} lineFor={lineFor} onWeighedScan={focusQuantity} />
        {lines.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="stock-lines-empty">
            {t('stockLines.empty')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto', mt: 2 }}>
            <Table size="small" data-testid="stock-lines-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('inventory.product')}</TableCell>
                  <TableCell>{t('product.sku')}</TableCell>
                  {counting && <TableCell align="right">{t('stockLines.system')}</TableCell>}
                  <TableCell sx={{ width: 180 }}>{t(counting ? 'stockLines.counted' : 'stockOp.delta')}</TableCell>
                  {counting && <TableCell align="right">{t('stockLines.difference')}</TableCell>}
                  <TableCell sx={{ width: 56 }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line, i) => (
                  <TableRow key={line.key} data-testid={`stock-line-${i}`}>
                    <TableCell>{line.name}</TableCell>
                    <TableCell>
                      {line.skus.length ? (
                        <TextField
                          select
                          size="small"
                          value={line.sku}
                          onChange={(event) => change(line.key, { sku: event.target.value })}
                          slotProps={{ htmlInput: { 'data-testid': `stock-line-${i}-sku`, 'aria-label': t('product.sku') } }}
                          sx={{ minWidth: 120 }}
                        >
                          {line.skus.map((sku) => (
                            <MenuItem key={sku.id} value={sku.id}>
                              {sku.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    {counting && (
                      <TableCell align="right" data-testid={`stock-line-${i}-system`}>
                        {line.system === undefined ? '…' : quantityText(line.system, line.unit)}
                      </TableCell>
                    )}
                    <TableCell>
                      <TextField
                        size="small"
                        value={line.quantity}
                        error={Boolean(problemOf(line, i))}
                        helperText={problemOf(line, i)}
                        onChange={(event) => change(line.key, { quantity: event.target.value })}
                        inputRef={(input: HTMLInputElement | null) => {
                          if (input) quantityInputs.current.set(line.key, input)
                          else quantityInputs.current.delete(line.key)
                        }}
                        slotProps={{
                          htmlInput: {
                            inputMode: line.weighted ? 'decimal' : 'numeric',
                            'aria-label': t(counting ? 'stockLines.counted' : 'stockOp.delta'),
                            'data-testid': `stock-line-${i}-quantity`
                          }
                        }}
                      />
                    </TableCell>
                    {counting && (
                      <TableCell align="right" data-testid={`stock-line-${i}-difference`}>
                        {signed(differenceOf(line), (units) => quantityText(units, line.unit))}
                      </TableCell>
                    )}
                    <TableCell>
                      <IconButton
                        aria-label={t('stockLines.remove')}
                        onClick={() => setLines((current) => current.filter((entry) => entry.key !== line.key))}
                        data-testid={`stock-line-${i}-remove`}
                      >
                        <Delete />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>
      {refusal && refusal.line === undefined && (
        <Alert severity="error" data-testid="stock-lines-error">
          {refusal.text}
        </Alert>
      )}
      {tried && !lines.length && <Alert severity="warning">{t('stockLines.none')}</Alert>}
      <Box>
        <Button variant="contained" size="large" disabled={busy} onClick={review} data-testid="stock-lines-submit">
          {t('stockLines.submit', { count: lines.length })}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('stockLines.confirmTitle')}
        text={
          counting
            ? t('stockLines.confirmCount', {
                count: lines.length,
                changes: lines.filter((line) => differenceOf(line) !== 0).length,
                mode: t(lineModeLabels.stockTake)
              })
            : t('stockLines.confirm', { count: lines.length, mode: t(lineModeLabels[head.values.mode as StockLineMode]) })
        }
        busy={busy}
        onConfirm={() => void apply()}
        onClose={() => setConfirming(false)}
        testId="stock-lines-confirm"
      />
    </Stack>
  )
}
