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
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, type LocaleId, type Order } from '@emporia/shared'
import { RefundForm } from '../../../components/refund/refund-form'
import { formatDateTime } from '../../../lib/format/date'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import { shopRows } from '../../../lib/resource-client'
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

/**
 * The till's refund (spec §4.8, decision 0142): it starts with a lookup — an order ID typed or
 * the receipt's QR scanned (a keyboard-wedge scanner types it and Enter), or one of the till's recent
 * orders (the last sale first) — and an order that can still be refunded opens the order page's refund
 * form: lines and quantities, restock or not, confirmed by typing the ID. The shop-scoped find answers
 * nothing for another shop's order, so the cashier hears "no order", never that it exists elsewhere.
 */
export const PosRefundDialog = ({ open, onClose, order }: DialogProps & { order?: string | null }) => {
  const { t, language } = useListT()
  const station = useStation()
  const cashier = station.cashier?._id ?? null
  const [typed, setTyped] = useState('')
  const [sought, setSought] = useState<string | null>(null)
  const [picked, setPicked] = useState<Order | null>(null)
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
  const close = () => {
    setTyped('')
    setSought(null)
    setPicked(null)
    onClose()
  }
  const back = () => {
    setTyped('')
    setSought(null)
    setPicked(null)
  }
  const methods = (shown: Order) =>
    (shown.methods ?? [])
      .map((method) =>
        method === 'cash' || method === 'credit' ? t(`pos.sell.method.${method}`) : (shown.extraMethod ?? method)
      )
      .join(', ')
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" data-testid="pos-refund-dialog">
      <DialogTitle>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <span>{current ? t('refund.title') : t('posRefund.title')}</span>
          {current && (
            <Button size="small" onClick={back} data-testid="pos-refund-back">
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
          <RefundForm
            key={current._id}
            order={current}
            onClose={close}
            testId="pos-refund"
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
