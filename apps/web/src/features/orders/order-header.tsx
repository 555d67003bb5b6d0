import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material'
import Print from '@mui/icons-material/Print'
import type { LocaleId, Order, OrderStatus, Payment } from '@emporia/shared'
import { StatusChip } from '../../components/ui/status-chip'
import { AppLink } from '../../components/ui/app-link'
import { formatDateTime } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { labelText, orderSourceLabels, orderStatusColour, orderStatusLabels } from '../../lib/order-labels'
import { orderActions } from './order-rules'
import { ReceiptReprint } from './receipt-reprint'

export type OrderDialog = 'pay' | 'refund' | 'split' | 'void' | 'replace'

interface OrderHeaderProps {
  order: Order
  staffName: (id: unknown) => string
  /** The order's payments, for the receipt's reprint. */
  payments?: readonly Payment[]
  busy: boolean
  /** The refusal of the last status move (`order.badTransition`), shown under the buttons. */
  statusError?: string
  onMove: (to: OrderStatus) => void
  onDialog: (dialog: OrderDialog) => void
}

const Fact = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography data-testid={testId}>{value || '-'}</Typography>
  </Box>
)

/**
 * Who, when, where from and where it stands; then the buttons the status allows (order-status.ts):
 * only the moves from this status, with pay, refund, split, replace and void where they apply.
 */
export const OrderHeader = ({ order, staffName, payments = [], busy, statusError, onMove, onDialog }: OrderHeaderProps) => {
  const { t, language } = useListT()
  const actions = orderActions(order)
  const statusText = (status: unknown) => labelText(orderStatusLabels, status, t)
  const customer = [order.customer?.name, order.customer?.phone, order.customer?.email].filter(Boolean).join(' · ')
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-header">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" data-testid="order-id">
          {order.orderId || order._id}
        </Typography>
        <StatusChip label={statusText(order.status)} colour={orderStatusColour(order.status)} testId="order-status" />
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<Print />} component={AppLink} href={`/o/${order._id}`} data-testid="order-print">
          {t('order.print')}
        </Button>
        <ReceiptReprint order={order} payments={payments} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Fact label={t('order.source')} value={labelText(orderSourceLabels, order.source, t)} testId="order-source" />
        <Fact label={t('order.date')} value={formatDateTime(order.date, language as LocaleId)} testId="order-date" />
        <Fact label={t('order.staff')} value={staffName(order.admin)} testId="order-staff" />
        <Fact label={t('order.customer')} value={customer} testId="order-customer" />
      </Box>
      {order.cancel && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="order-cancelled">
          {t('order.cancelledOn', { date: formatDateTime(order.cancel.date, language as LocaleId) })}
          {order.cancel.reason ? ` · ${order.cancel.reason}` : ''}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="order-actions">
        {actions.moves.map((to) => (
          <Button key={to} variant="outlined" disabled={busy} onClick={() => onMove(to)} data-testid={`order-move-${to}`}>
            {t('order.moveTo', { status: statusText(to) })}
          </Button>
        ))}
        {actions.canPay && (
          <Button variant="contained" disabled={busy} onClick={() => onDialog('pay')} data-testid="order-pay">
            {t('order.pay')}
          </Button>
        )}
        {actions.canRefund && (
          <Button
            color="warning"
            variant="outlined"
            disabled={busy}
            onClick={() => onDialog('refund')}
            data-testid="order-refund"
          >
            {t('order.refund')}
          </Button>
        )}
        {actions.canSplit && (
          <Button variant="outlined" disabled={busy} onClick={() => onDialog('split')} data-testid="order-split">
            {t('order.split')}
          </Button>
        )}
        {actions.canReplace && (
          <Button variant="outlined" disabled={busy} onClick={() => onDialog('replace')} data-testid="order-replace">
            {t('order.replace')}
          </Button>
        )}
        {actions.canVoid && (
          <Button color="error" variant="outlined" disabled={busy} onClick={() => onDialog('void')} data-testid="order-void">
            {t('order.void')}
          </Button>
        )}
      </Stack>
      {statusError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="order-status-error">
          {statusError}
        </Alert>
      )}
    </Paper>
  )
}
