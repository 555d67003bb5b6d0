import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import {
  lineTitle,
  refundValueOf,
  servicePaths,
  type LocaleId,
  type Order,
  type RefundData,
  type RefundResult
} from '@emporia/shared'
import { formatMoney } from '../../lib/format'
import { useQuantityText } from '../../lib/format/quantity'
import { normalizeValues } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { shopApi } from '../../lib/resource-client'
import { unplaced, type Refusal } from '../editor/refusal'
import { serverRefusal } from '../editor/server-refusal'
import { MoneyInput } from '../fields/money-field'
import { leftOf, refundRequest, unitsOf, type RefundChoice } from './refund-lines'

const AMOUNT = { name: 'amount', label: 'refund.amount', type: 'money' } as const

/**
 * "Confirm Refund?" (spec §4.8), the body of the order page's and the till's refund dialogs: each line
 * gives back up to what is left of it (exact to the thousandth, refused rather than rounded), put back
 * in stock unless "Restock" is cleared (damaged goods); the amount defaults to the server's (the lines'
 * value); the button stays disabled until the typed order ID matches. `testId` prefixes the test ids
 * (`refund` on the order page, `pos-refund` at the till).
 */
export const RefundForm = ({
  order,
  onClose,
  testId,
  askApproval,
  extra,
  onRefunded
}: {
  order: Order
  onClose: () => void
  testId: string
  /** Fields the caller adds to the request: at the till, where the money goes (decision 0149). */
  extra?: Pick<RefundData, 'tender' | 'cashier'>
  /** Told of the refund once the server took it, before the dialog closes. */
  onRefunded?: (result: RefundResult) => void
  /** At the till: asks a manager when the shop's refunds need one, answering the approval's id (decision 0135). */
  askApproval?: (request: { order: string; amount?: number }) => Promise<string | null>
}) => {
  const { t, language } = useListT()
  const quantity = useQuantityText()
  const queryClient = useQueryClient()
  const left = leftOf(order.products)
  const [choices, setChoices] = useState<RefundChoice[]>(() =>
    left.map((units) => ({ quantity: units ? String(units) : '', restock: true }))
  )
  const [amount, setAmount] = useState<unknown>(null)
  const [reason, setReason] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  // One key per dialog: a second press, or a retry after a lost answer, never refunds twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const matches = confirm.trim() === order.orderId
  const units = choices.map((choice, i) => {
    const result = unitsOf(choice.quantity, left[i])
    return 'units' in result ? result.units : 0
  })
  const lineProblem = (i: number) => {
    const result = unitsOf(choices[i].quantity, left[i])
    if ('problem' in result) return t(result.problem, { left: left[i] })
    return refusal?.fields[`lines.${i}.quantity`] ?? refusal?.fields[`lines.${i}`]
  }
  const setChoice = (i: number, patch: Partial<RefundChoice>) =>
    setChoices((current) => current.map((choice, index) => (index === i ? { ...choice, ...patch } : choice)))
  const submit = async () => {
    if (busy || !matches) return
    const cents = normalizeValues([AMOUNT], { amount }).amount
    const request = refundRequest(order, choices, {
      confirm,
      amount: typeof cents === 'number' ? cents : null,
      reason,
      idempotencyKey
    })
    if (!('data' in request)) return
    setBusy(true)
    setRefusal(undefined)
    try {
      const data = { ...request.data, ...extra }
      const result = (await shopApi(servicePaths.orderRefunds)
        .create(data)
        .catch(async (error: unknown) => {
          const key = (error as { data?: { key?: string } })?.data?.key
          const approval =
            key === 'pos.error.refundNeedsManager' && askApproval
              ? await askApproval({ order: order._id, amount: data.amount })
              : null
          if (!approval) throw error
          return shopApi(servicePaths.orderRefunds).create({ ...data, approval })
        })) as RefundResult
      notifySuccess(t('refund.done'))
      onRefunded?.(result)
      void queryClient.invalidateQueries({ queryKey: queryKeys.service(servicePaths.orders) })
      onClose()
    } catch (error) {
      setRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }
  const shown = ['confirm', 'amount', 'reason', ...choices.flatMap((_, i) => [`lines.${i}.quantity`, `lines.${i}`])]
  const nothingLeft = left.every((units) => units === 0)
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {nothingLeft && <Alert severity="info">{t('posRefund.nothingLeft')}</Alert>}
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
              {order.products.map((line, i) => (
                <TableRow key={i} data-testid={`${testId}-line-${i}`}>
                  <TableCell>{lineTitle(line, language as LocaleId)}</TableCell>
                  <TableCell align="right">{quantity(line.quantity, line.unit)}</TableCell>
                  <TableCell align="right">{quantity(line.returned ?? 0, line.unit)}</TableCell>
                  <TableCell sx={{ width: 160 }}>
                    <TextField
                      size="small"
                      value={choices[i].quantity}
                      disabled={left[i] === 0}
                      error={Boolean(lineProblem(i))}
                      helperText={lineProblem(i)}
                      onChange={(event) => setChoice(i, { quantity: event.target.value })}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'aria-label': t('refund.quantity'),
                          'data-testid': `${testId}-qty-${i}`
                        }
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <Checkbox
                      checked={choices[i].restock}
                      disabled={left[i] === 0}
                      onChange={(event) => setChoice(i, { restock: event.target.checked })}
                      slotProps={{
                        input: { 'aria-label': t('refund.restock'), ...{ 'data-testid': `${testId}-restock-${i}` } }
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <MoneyInput
            field={AMOUNT}
            value={amount}
            onChange={setAmount}
            error={refusal?.fields.amount}
            values={{}}
            setValue={() => undefined}
            testId={`${testId}-amount`}
          />
          <Typography variant="caption" color="text.secondary" data-testid={`${testId}-amount-hint`}>
            {t('refund.amountHint', { amount: formatMoney(refundValueOf(order, units)) })}
          </Typography>
          <TextField
            label={t('refund.reason')}
            value={reason}
            error={Boolean(refusal?.fields.reason)}
            helperText={refusal?.fields.reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': `${testId}-reason` } }}
          />
          <Typography data-testid={`${testId}-type-id`}>{t('refund.typeId', { orderId: order.orderId })}</Typography>
          <TextField
            label={t('refund.confirm')}
            value={confirm}
            autoComplete="off"
            error={Boolean(refusal?.fields.confirm)}
            helperText={refusal?.fields.confirm}
            onChange={(event) => setConfirm(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && void submit()}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-confirm` } }}
          />
          {unplaced(refusal, shown) && (
            <Alert severity="error" data-testid={`${testId}-error`}>
              {unplaced(refusal, shown)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${testId}-cancel`}>
          {t('editor.cancel')}
        </Button>
        <Button
          color="warning"
          variant="contained"
          disabled={!matches || busy || nothingLeft}
          onClick={() => void submit()}
          data-testid={`${testId}-submit`}
        >
          {t('refund.submit')}
        </Button>
      </DialogActions>
    </>
  )
}
