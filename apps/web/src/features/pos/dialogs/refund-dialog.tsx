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
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { servicePaths, type LocaleId, type Order, type Page } from '@emporia/shared'
import { MoneyInput } from '../../../components/fields/money-field'
import { formatMoney } from '../../../lib/format'
import { normalizeValues } from '../../../lib/form-values'
import { useListT } from '../../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../../lib/i18n/translatable'
import { notifySuccess } from '../../../lib/notify'
import { queryKeys } from '../../../lib/query-keys'
import { shopApi } from '../../../lib/resource-client'
import { refusalOf, unplaced, type Refusal } from '../station/refusal'
import type { DialogProps } from './dialog-props'
import { leftOf, refundRequest, refundValue, unitsOf, type RefundChoice } from './refund-lines'

const AMOUNT = { name: 'amount', label: 'refund.amount', type: 'money' } as const

const findOrder = async (orderId: string): Promise<Order | null> => {
  const found = (await shopApi(servicePaths.orders).find({ orderId, $limit: 1 })) as Page<Order> | Order[]
  return (Array.isArray(found) ? found : found.data)[0] ?? null
}

/** The order's lines to give back, the amount, and the typed order ID that confirms it (spec §4.8). */
const RefundForm = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t, tAny, language } = useListT()
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
      await shopApi(servicePaths.orderRefunds).create(request.data)
      notifySuccess(t('refund.done'))
      void queryClient.invalidateQueries({ queryKey: queryKeys.service(servicePaths.orders) })
      onClose()
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setBusy(false)
    }
  }
  const shown = ['confirm', 'amount', 'reason', ...choices.flatMap((_, i) => [`lines.${i}.quantity`, `lines.${i}`])]
  const nothingLeft = left.every((units) => units === 0)
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {nothingLeft && <Alert severity="info">{t('posRefund.nothingLeft')}</Alert>}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('order.name')}</TableCell>
                <TableCell align="right">{t('order.returned')}</TableCell>
                <TableCell>{t('refund.quantity')}</TableCell>
                <TableCell>{t('refund.restock')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.products.map((line, i) => (
                <TableRow key={i} data-testid={`pos-refund-line-${i}`}>
                  <TableCell>{`${resolveText(line.name as Translatable, language as LocaleId, tAny)} × ${line.quantity}`}</TableCell>
                  <TableCell align="right">{line.returned ?? 0}</TableCell>
                  <TableCell sx={{ width: 150 }}>
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
                          'data-testid': `pos-refund-qty-${i}`
                        }
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <Checkbox
                      checked={choices[i].restock}
                      disabled={left[i] === 0}
                      onChange={(event) => setChoice(i, { restock: event.target.checked })}
                      slotProps={{ input: { 'aria-label': t('refund.restock') } }}
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
            testId="pos-refund-amount"
          />
          <Typography variant="caption" color="text.secondary">
            {t('refund.amountHint', { amount: formatMoney(refundValue(order.products, units)) })}
          </Typography>
          <TextField
            label={t('refund.reason')}
            value={reason}
            error={Boolean(refusal?.fields.reason)}
            helperText={refusal?.fields.reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'pos-refund-reason' } }}
          />
          <Typography>{t('refund.typeId', { orderId: order.orderId })}</Typography>
          <TextField
            label={t('refund.confirm')}
            value={confirm}
            autoComplete="off"
            error={Boolean(refusal?.fields.confirm)}
            helperText={refusal?.fields.confirm}
            onChange={(event) => setConfirm(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && void submit()}
            slotProps={{ htmlInput: { 'data-testid': 'pos-refund-confirm' } }}
          />
          {unplaced(refusal, shown) && <Alert severity="error">{unplaced(refusal, shown)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button
          color="warning"
          variant="contained"
          disabled={!matches || busy || nothingLeft}
          onClick={() => void submit()}
          data-testid="pos-refund-submit"
        >
          {t('refund.submit')}
        </Button>
      </DialogActions>
    </>
  )
}

/**
 * The till's refund (spec §4.8, `orders/refunds` as the order page's refund): an order found by its
 * order ID (or given, e.g. the last sale), the lines and amount to give back, confirmed by typing the ID.
 */
export const PosRefundDialog = ({ open, onClose, order }: DialogProps & { order?: string | null }) => {
  const { t } = useListT()
  const [typed, setTyped] = useState('')
  const [sought, setSought] = useState<string | null>(null)
  const given = useQuery({
    queryKey: queryKeys.get(servicePaths.orders, order ?? ''),
    queryFn: async () => (await shopApi(servicePaths.orders).get(order!)) as Order,
    enabled: open && Boolean(order)
  })
  const found = useQuery({
    queryKey: [servicePaths.orders, 'find', { orderId: sought, pos: 'refund' }],
    queryFn: () => findOrder(sought!),
    enabled: open && Boolean(sought)
  })
  const current = order ? given.data : found.data
  const loading = (order ? given.isFetching : found.isFetching) && !current
  const error = order ? given.error : found.error
  const close = () => {
    setTyped('')
    setSought(null)
    onClose()
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" data-testid="pos-refund-dialog">
      <DialogTitle>{current ? t('refund.title') : t('posRefund.title')}</DialogTitle>
      {current ? (
        <RefundForm key={current._id} order={current} onClose={close} />
      ) : (
        <>
          <DialogContent>
            <Stack
              direction="row"
              spacing={1}
              component="form"
              sx={{ pt: 1, alignItems: 'flex-start' }}
              onSubmit={(event) => {
                event.preventDefault()
                if (typed.trim()) setSought(typed.trim())
              }}
            >
              {!order && (
                <TextField
                  autoFocus
                  size="small"
                  label={t('posRefund.orderId')}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'pos-refund-order-id' } }}
                />
              )}
              {!order && (
                <Button type="submit" variant="contained" disabled={!typed.trim()} data-testid="pos-refund-find">
                  {t('posRefund.find')}
                </Button>
              )}
              {loading && <CircularProgress size={24} />}
            </Stack>
            {found.isSuccess && !found.data && sought && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="pos-refund-not-found">
                {t('posRefund.notFound', { orderId: sought })}
              </Alert>
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusalOf(error).message}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('editor.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
