import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, type LocaleId, type Product } from '@emporia/shared'
import { formatMoney } from '../../lib/format/money'
import { DelayedProgress } from '../ui/delayed-progress'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { notifySuccess } from '../../lib/notify'
import {
  defaultLabelChoices,
  labelAmountOk,
  labelChoicesOk,
  labelDataOf,
  labelOptionsOf,
  MAX_LABEL_COPIES,
  parseCopies,
  type LabelChoices,
  type LabelProduct
} from '../../lib/pos-hardware/label-choices'
import { formatReceiptTime } from '../../lib/pos-hardware/receipt-order'
import { usePrinterSettings } from '../../lib/pos-hardware/printer-settings'
import { usePosPrinter } from '../../lib/pos-hardware/use-hardware'
import { shopRows } from '../../lib/resource-client'
import { useCurrentShop } from '../../lib/shop'
import { Choice, useDeviceAction } from './device-parts'
import { PrinterPanel } from './printer-panel'

/** The label print fields (spec §3.12): how many, quantity, weight, what to show, the size. */
export const LabelChoiceFields = ({ value, onChange }: { value: LabelChoices; onChange: (value: LabelChoices) => void }) => {
  const { t } = useListT()
  const badCopies = parseCopies(value.copies) === null
  const amount = (key: 'quantity' | 'weight') => {
    const bad = !labelAmountOk(value[key])
    return (
      <TextField
        size="small"
        label={t(`labelPrint.${key}`)}
        value={value[key]}
        error={bad}
        helperText={bad ? t('labelPrint.badAmount') : undefined}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `label-${key}` } }}
      />
    )
  }
  const flag = (key: 'showDate' | 'showID' | 'showNum') => (
    <FormControlLabel
      control={
        <Checkbox
          checked={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
          slotProps={{ input: { ...{ 'data-testid': `label-${key}` } } }}
        />
      }
      label={t(`labelPrint.${key}`)}
    />
  )
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        label={t('labelPrint.copies')}
        value={value.copies}
        error={badCopies}
        helperText={badCopies ? t('labelPrint.badCopies', { max: MAX_LABEL_COPIES }) : undefined}
        onChange={(event) => onChange({ ...value, copies: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'label-copies' } }}
      />
      {amount('quantity')}
      {amount('weight')}
      <Choice
        label={t('labelPrint.labelSize')}
        value={value.labelSize}
        values={['default', 'small'] as const}
        prefix="labelPrint.labelSize"
        onChange={(labelSize) => onChange({ ...value, labelSize })}
        testId="label-size"
      />
      {flag('showDate')}
      {flag('showID')}
      {flag('showNum')}
    </Stack>
  )
}

/**
 * Prints labels of products on this device's printer (decision 0184): ESC/POS bytes to the thermal
 * printer, or a printable page through the browser for an ordinary one. Answers how many were printed.
 */
export const useLabelPrint = () => {
  const printer = usePosPrinter()
  const shop = useCurrentShop(true)
  const settings = usePrinterSettings(shop?._id)
  const { t } = useListT()
  const ready = settings.type === 'ordinary' || printer.state === 'connected'
  const print = async (products: LabelProduct[], choices: LabelChoices) => {
    const context = {
      // The day in the shop's time zone, in the receipt's numeric form.
      date: formatReceiptTime(new Date(), shop?.timeZone).slice(0, 10),
      labels: Object.fromEntries(
        (['price', 'quantity', 'weight', 'date', 'num', 'id'] as const).map((key) => [key, t(`labelPrint.field.${key}`)])
      )
    }
    const options = labelOptionsOf(choices)
    const labels = products.map((product) => labelDataOf(product, choices, context))
    const { encodeLabel, printableLabel } = await import('../../lib/pos-hardware/label')
    if (settings.type === 'ordinary') {
      const { printableHtml, printHtml } = await import('../../lib/pos-hardware/printable')
      const columns = choices.labelSize === 'small' ? 32 : 48
      printHtml(
        printableHtml(
          t('labelPrint.title'),
          labels.flatMap((label) => printableLabel(label, options)),
          columns
        )
      )
    } else for (const label of labels) await printer.print(encodeLabel(label, { ...options, language: printer.language }))
    return labels.length * options.copies
  }
  return { ready, print, type: settings.type }
}

const labelProductOf = (
  product: Product,
  language: LocaleId,
  translate: (key: string) => string,
  unit: (u: string) => string
) => ({
  _id: product._id,
  name: resolveText(product.name as Translatable, language, translate),
  posCode: product.posCode,
  price: formatMoney(product.price),
  unit: product.weightUnit ? unit(product.weightUnit) : undefined
})

/**
 * The label print dialog of the product list (its selection) and the product editor: the products read
 * by id, the label choices, and the printer: connected here when it is a thermal one not yet connected.
 */
export const LabelPrintDialog = ({ ids, onClose }: { ids: string[]; onClose: () => void }) => {
  const { t, tAny, language } = useListT()
  const [choices, setChoices] = useState(defaultLabelChoices)
  const labels = useLabelPrint()
  const run = useDeviceAction()
  const [busy, setBusy] = useState(false)
  const products = useQuery({
    queryKey: ['labelProducts', ids],
    queryFn: () =>
      shopRows(servicePaths.products, {
        _id: { $in: ids },
        $limit: ids.length,
        $select: ['_id', 'name', 'posCode', 'price', 'weightUnit']
      })
  })
  const rows = (products.data ?? []) as Product[]
  const print = () =>
    run(async () => {
      setBusy(true)
      try {
        const unit = (u: string) => tAny(`product.weightUnit.${u}`)
        const count = await labels.print(
          rows.map((row) => labelProductOf(row, language as LocaleId, tAny, unit)),
          choices
        )
        notifySuccess(t('labelPrint.printed', { count }))
        onClose()
      } finally {
        setBusy(false)
      }
    })
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="label-print-dialog">
      <DialogTitle>{t('labelPrint.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {products.isLoading ? (
            <DelayedProgress>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} />
                <Typography>{t('labelPrint.loading')}</Typography>
              </Stack>
            </DelayedProgress>
          ) : rows.length === 0 ? (
            <Alert severity="warning">{t('labelPrint.none')}</Alert>
          ) : (
            <Typography data-testid="label-products">
              {rows.length === 1
                ? resolveText(rows[0].name as Translatable, language as LocaleId, tAny)
                : t('labelPrint.products', { count: rows.length })}
            </Typography>
          )}
          <LabelChoiceFields value={choices} onChange={setChoices} />
          {!labels.ready && <Alert severity="info">{t('labelPrint.needPrinter')}</Alert>}
          <PrinterPanel />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('labelPrint.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !labels.ready || !rows.length || !labelChoicesOk(choices)}
          onClick={() => void print()}
          data-testid="label-print"
        >
          {t('labelPrint.print')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
