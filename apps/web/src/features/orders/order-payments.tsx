import { Box, Button, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { LocaleId, Payment } from '@emporia/shared'
import { StatusChip } from '../../components/ui/status-chip'
import { attachmentUrl } from '../../components/media/media-api'
import { formatDateTime, formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { labelText, paymentMethodText, paymentStatusColour, paymentStatusLabels } from '../../lib/order-labels'

interface OrderPaymentsProps {
  payments: Payment[]
  staffName: (id: unknown) => string
  busy: boolean
  /** Confirms (`paid`) or cancels a pending payment. */
  onSettle: (payment: Payment, status: 'paid' | 'cancelled') => void
}

/** The order's payments and refunds (split tender); a pending bank transfer is confirmed or cancelled here. */
export const OrderPayments = ({ payments, staffName, busy, onSettle }: OrderPaymentsProps) => {
  const { t, language } = useListT()
  return (
    <Paper variant="outlined" data-testid="order-payments">
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {t('order.payments')}
      </Typography>
      {payments.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="order-payments-empty">
          {t('order.noPayments')}
        </Typography>
      ) : (
        // Seven columns: on a phone they scroll inside the card, never the page (decision 0157).
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('payment.tranID')}</TableCell>
                <TableCell>{t('payment.method')}</TableCell>
                <TableCell align="right">{t('payment.amount')}</TableCell>
                <TableCell>{t('payment.status')}</TableCell>
                <TableCell>{t('payment.date')}</TableCell>
                <TableCell>{t('payment.staff')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={payment._id} data-testid="order-payment" data-status={payment.status} data-method={payment.method}>
                  <TableCell>{payment.tranID}</TableCell>
                  <TableCell>
                    {paymentMethodText(payment, t)}
                    {payment.reference && (
                      <Link href={attachmentUrl(payment.reference)} target="_blank" rel="noopener noreferrer" sx={{ ml: 1 }}>
                        {t('payment.slipLink')}
                      </Link>
                    )}
                    {payment.customerRemarks && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {payment.customerRemarks}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ color: payment.amount < 0 ? 'error.main' : undefined }}
                    data-testid="order-payment-amount"
                  >
                    {formatMoney(payment.amount)}
                    {typeof payment.change === 'number' && payment.change > 0 && (
                      <Typography variant="caption" component="div" color="text.secondary" data-testid="order-payment-change">
                        {t('pay.change', { amount: formatMoney(payment.change) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusChip
                      label={labelText(paymentStatusLabels, payment.status, t)}
                      colour={paymentStatusColour(payment.status)}
                    />
                  </TableCell>
                  <TableCell>{formatDateTime(payment.date, language as LocaleId)}</TableCell>
                  <TableCell>{staffName(payment.admin ?? payment.cashier)}</TableCell>
                  <TableCell align="right">
                    {payment.status === 'pending' && (
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          variant="contained"
                          disabled={busy}
                          onClick={() => onSettle(payment, 'paid')}
                          data-testid="payment-confirm"
                        >
                          {t('payment.confirm')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => onSettle(payment, 'cancelled')}
                          data-testid="payment-cancel"
                        >
                          {t('payment.cancel')}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  )
}
