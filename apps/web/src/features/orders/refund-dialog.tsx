import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import type { LocaleId, Order } from '@emporia/shared'
import { MoneyInput } from '../../components/fields/money-field'
import { formatMoney } from '../../lib/format'
import { normalizeValues } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { notifySuccess } from '../../lib/notify'
import { refundOrder } from './orders-api'
import { refundDataOf, type LineChoice } from './order-requests'
import { refundValue, returnableUnits } from './order-rules'
import { unplaced, type Refusal } from './refusal'
import { serverRefusal } from './server-refusal'

/**
 * "Confirm Refund?" (spec §4.8): the merchant types the order ID, and the button stays disabled
 * until it matches. Each line gives back up to what is left of it, put back in stock unless
 * "Restock" is cleared (damaged goods); the amount defaults to the server's (the lines' value).
 */
export const RefundDialog = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t, tAny, language } = useListT()
  const left = returnableUnits(order.products)
  const [lines, setLines] = useState<LineChoice[]>(() => left.map((units) => ({ quantity: String(units), restock: true })))
  const [confirm, setConfirm] = useState('')
  const [amount, setAmount] = useState<unknown>(null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const matches = confirm.trim() === order.orderId
  const suggested = refundValue(
    order.products,
    lines.map((line) => Number(line.quantity) || 0)
  )
  const setLine = (index: number, patch: Partial<LineChoice>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)))
  const cents = normalizeValues([{ name: 'amount', type: 'money' }], { amount }).amount

  const submit = async () => {
    if (busy || !matches) return
    setBusy(true)
    setRefusal(undefined)
    try {
      await refundOrder(refundDataOf(order, confirm.trim(), lines, cents, reason))
      notifySuccess(t('refund.done'))
      onClose()
    } catch (error) {
      setRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }

  const shownPaths = ['confirm', 'amount', 'reason', ...lines.flatMap((_, i) => [`lines.${i}.quantity`, `lines.${i}`])]
  const lineError = (i: number) => refusal?.fields[`lines.${i}.quantity`] ?? refusal?.fields[`lines.${i}`]
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="refund-dialog">
      <DialogTitle>{t('refund.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('order.name')}</TableCell>
                <TableCell align="right">{t('order.quantity')}</TableCell>
                <TableCell align="right">{t('order.returned')}</TableCell>
                <TableCell>{t('refund.quantity')}</TableCell>
                <TableCell>{t('refund.restock')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.products.map((line, index) => (
                <TableRow key={index} data-testid="refund-line">
                  <TableCell>{resolveText(line.name as Translatable, language as LocaleId, tAny)}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{line.returned ?? 0}</TableCell>
                  <TableCell sx={{ width: 160 }}>
                    <TextField
                      size="small"
                      type="number"
                      value={lines[index].quantity}
                      disabled={left[index] === 0}
                      error={Boolean(lineError(index))}
                      helperText={lineError(index)}
                      onChange={(event) => setLine(index, { quantity: event.target.value })}
                      slotProps={{
                        htmlInput: {
                          min: 0,
                          max: left[index],
                          'data-testid': `refund-quantity-${index}`,
                          'aria-label': t('refund.quantity')
                        }
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <Checkbox
                      checked={lines[index].restock}
                      disabled={left[index] === 0}
                      onChange={(event) => setLine(index, { restock: event.target.checked })}
                      slotProps={{
                        input: { 'aria-label': t('refund.restock'), ...{ 'data-testid': `refund-restock-${index}` } }
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <MoneyInput
            field={{ name: 'amount', label: 'refund.amount', type: 'money' }}
            value={amount}
            onChange={setAmount}
            error={refusal?.fields.amount}
            values={{}}
            setValue={() => undefined}
            testId="refund-amount"
          />
          <Typography variant="caption" color="text.secondary" data-testid="refund-amount-hint">
            {t('refund.amountHint', { amount: formatMoney(suggested) })}
          </Typography>
          <TextField
            label={t('refund.reason')}
            value={reason}
            error={Boolean(refusal?.fields.reason)}
            helperText={refusal?.fields.reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'refund-reason' } }}
          />
          <Typography data-testid="refund-type-id">{t('refund.typeId', { orderId: order.orderId })}</Typography>
          <TextField
            label={t('refund.confirm')}
            value={confirm}
            autoComplete="off"
            error={Boolean(refusal?.fields.confirm)}
            helperText={refusal?.fields.confirm}
            onChange={(event) => setConfirm(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'refund-confirm' } }}
          />
          {unplaced(refusal, shownPaths) && (
            <Alert severity="error" data-testid="refund-error">
              {unplaced(refusal, shownPaths)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="refund-cancel">
          {t('editor.cancel')}
        </Button>
        <Button
          color="warning"
          variant="contained"
          disabled={!matches || busy}
          onClick={() => void submit()}
          data-testid="refund-submit"
        >
          {t('refund.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
