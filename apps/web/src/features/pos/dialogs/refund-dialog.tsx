import { useState } from 'react'
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { gatewayOfMethod, servicePaths, type LocaleId, type Order, type RefundResult, type RefundTender } from '@emporia/shared'
import { RefundForm } from '../../../components/refund/refund-form'
import { formatDateTime } from '../../../lib/format/date'
import { formatMoney } from '../../../lib/format/money'
import { useListT, type AnyMessageKey } from '../../../lib/i18n/lists'
import { usePhone } from '../../../lib/phone'
import { notifyError, notifySuccess } from '../../../lib/notify'
import { usePosPrinter } from '../../../lib/pos-hardware/use-hardware'
import { shopRows } from '../../../lib/resource-client'
import { deviceFailure } from '../offline/cashier-errors'
import { orderIdOfScan, refundStateOf, refusalKeyOf } from '../refund/order-lookup'
import { refusalOf } from '../station/refusal'
import { useStation } from '../station/station-context'
import type { DialogProps } from './dialog-props'
import { askManager } from './manager-approval'

/** How many of the till's orders the lookup lists. */
const RECENT = 10

const findOrder = async (orderId: string): Promise<Order | null> =>
  (await shopRows(servicePaths.orders, { orderId, $limit: 1 }))[0] ?? null

/** This station's orders (the shop's till orders when the device has no cashier), newest first. */
const recentOrders = async (cashier: string | null): Promise<Order[]> =>
  shopRows(servicePaths.orders, {
    source: 'pos',
    ...(cashier ? { cashier } : {}),
    $sort: { date: -1, _id: -1 },
    $limit: RECENT
  })

/** Paid by something other than cash alone: the till may give it back in cash instead (decision 0149). */
const paidOtherwise = (order: Order) => (order.methods ?? []).some((method) => method !== 'cash')

/**
 * The till's refund (spec §4.8, decision 0142): it starts with a lookup — an order ID typed or
 * the receipt's QR scanned (a keyboard-wedge scanner types it and Enter), or one of the till's recent
 * orders (the last sale first) — and an order that can still be refunded opens the order page's refund
 * form: lines and quantities, restock or not, confirmed by typing the ID. The shop-scoped find answers
 * nothing for another shop's order, so the cashier hears "no order", never that it exists elsewhere.
 */
export const PosRefundDialog = ({ open, onClose, order }: DialogProps & { order?: string | null }) => {
  const { t, language } = useListT()
  const phone = usePhone()
  const station = useStation()
  const cashier = station.cashier?._id ?? null
  const [typed, setTyped] = useState('')
  const [sought, setSought] = useState<string | null>(null)
  const [picked, setPicked] = useState<Order | null>(null)
  const [tender, setTender] = useState<RefundTender>('original')
  const { kickDrawer } = usePosPrinter()
  const recent = useQuery({
    queryKey: [servicePaths.orders, 'find', { pos: 'refund-recent', cashier }],
    queryFn: () => recentOrders(cashier),
    enabled: open && !picked
  })
  const found = useQuery({
    queryKey: [servicePaths.orders, 'find', { orderId: sought, pos: 'refund' }],
    queryFn: () => findOrder(sought!),
    enabled: open && Boolean(sought)
  })
  const current = picked ?? (found.data && refundStateOf(found.data) === 'refundable' ? found.data : null)
  const refusal = found.data ? refusalKeyOf(refundStateOf(found.data)) : null
  const back = () => {
    setTyped('')
    setSought(null)
    setPicked(null)
    setTender('original')
  }
  const close = () => {
    back()
    onClose()
  }
  // Cash out of this drawer: the cashier is told how much to hand over, and the drawer opens for it.
  const refunded = (result: RefundResult) => {
    const cash = result.payments.filter((payment) => payment.method === 'cash')
    if (tender !== 'cash' || !cash.length) return
    const amount = -cash.reduce((sum, payment) => sum + Number(payment.amount ?? 0), 0)
    notifySuccess(t('posRefundTender.cashDone', { amount: formatMoney(amount) }))
    void kickDrawer().catch((error: unknown) => notifyError(t('pos.sell.drawerFailed', { reason: deviceFailure(error) })))
  }
  const methods = (shown: Order) =>
    (shown.methods ?? [])
      .map((method) =>
        method === 'cash' || method === 'credit' || gatewayOfMethod(method) !== undefined
          ? t(`pos.sell.method.${method}` as AnyMessageKey)
          : (shown.extraMethod ?? method)
      )
      .join(', ')
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} data-testid="pos-refund-dialog">
      <DialogTitle>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <span>{current ? t('refund.title') : t('posRefund.title')}</span>
          {current && (
            // The lookup the focus was in (its field, its "Find", a recent order) gives way to the form:
            // the focus moves here rather than to the page, where Escape and Tab would not reach the dialog.
            <Button size="small" onClick={back} autoFocus data-testid="pos-refund-back">
              {t('posRefund.another')}
            </Button>
          )}
        </Stack>
      </DialogTitle>
      {current ? (
        <>
          {methods(current) && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 3 }} data-testid="pos-refund-tender">
              {t('posRefund.tender', { methods: methods(current) })}
            </Typography>
          )}
          {paidOtherwise(current) && (
            <RadioGroup
              row
              aria-label={t('posRefundTender.label')}
              value={tender}
              onChange={(event) => setTender(event.target.value as RefundTender)}
              sx={{ px: 3 }}
              data-testid="pos-refund-tender-choice"
            >
              <FormControlLabel
                value="original"
                control={<Radio />}
                label={t('posRefundTender.original', { methods: methods(current) })}
              />
              <FormControlLabel
                value="cash"
                control={<Radio slotProps={{ input: { ...{ 'data-testid': 'pos-refund-in-cash' } } }} />}
                label={t('posRefundTender.cash')}
              />
            </RadioGroup>
          )}
          <RefundForm
            key={current._id}
            order={current}
            onClose={close}
            testId="pos-refund"
            extra={tender === 'cash' ? { tender, ...(cashier ? { cashier } : {}) } : undefined}
            onRefunded={refunded}
            askApproval={async (request) => (await askManager({ action: 'refund', ...request }))?._id ?? null}
          />
        </>
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
                const id = orderIdOfScan(typed)
                if (id) {
                  setTyped(id)
                  setSought(id)
                }
              }}
            >
              <TextField
                autoFocus
                size="small"
                label={t('posRefund.orderId')}
                helperText={t('posRefund.lookupHint')}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'pos-refund-order-id' } }}
              />
              <Button type="submit" variant="contained" disabled={!orderIdOfScan(typed)} data-testid="pos-refund-find">
                {t('posRefund.find')}
              </Button>
              {found.isFetching && <CircularProgress size={24} />}
            </Stack>
            {found.isSuccess && !found.isFetching && !found.data && sought && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="pos-refund-not-found">
                {t('posRefund.notFound', { orderId: sought })}
              </Alert>
            )}
            {found.data && refusal && !found.isFetching && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="pos-refund-refused">
                {t(refusal, { orderId: found.data.orderId })}
              </Alert>
            )}
            {(found.error || recent.error) && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusalOf(found.error ?? recent.error).message}
              </Alert>
            )}
            <Typography variant="subtitle2" sx={{ mt: 3 }}>
              {t('posRefund.recent')}
            </Typography>
            {recent.isSuccess && !recent.data.length && (
              <Typography color="text.secondary" data-testid="pos-refund-no-recent">
                {t('posRefund.noRecent')}
              </Typography>
            )}
            <List dense data-testid="pos-refund-recent">
              {(recent.data ?? []).map((row) => {
                const state = refundStateOf(row)
                return (
                  <ListItemButton
                    key={row._id}
                    disabled={state !== 'refundable'}
                    selected={row._id === order}
                    onClick={() => setPicked(row)}
                    data-testid={`pos-refund-recent-${row.orderId}`}
                    data-state={state}
                  >
                    <ListItemText
                      primary={`${row.orderId} · ${formatMoney(row.total ?? 0)}`}
                      secondary={formatDateTime(row.date, language as LocaleId)}
                    />
                    {state !== 'refundable' && <Chip size="small" label={t(`posRefund.mark.${state}`)} />}
                  </ListItemButton>
                )
              })}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('editor.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
