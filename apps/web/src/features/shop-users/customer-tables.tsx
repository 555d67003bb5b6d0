import type { ReactNode } from 'react'
import { Card, CardContent, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { LocaleId, Order, Payment, ShopRankLog } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { StatusChip } from '../../components/ui/status-chip'
import { formatDateTime } from '../../lib/format/date'
import { formatMoney } from '../../lib/format/money'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import {
  labelText,
  orderStatusColour,
  orderStatusLabels,
  paymentMethodText,
  paymentStatusColour,
  paymentStatusLabels
} from '../../lib/order-labels'

interface SectionProps<T> {
  title: AnyMessageKey
  empty: AnyMessageKey
  rows: T[] | undefined
  loading: boolean
  headers: AnyMessageKey[]
  row: (item: T) => ReactNode[]
  testId: string
}

/** One of the customer page's lists: a title, a loading state, an empty sentence or the rows. */
const Section = <T extends { _id: string }>({ title, empty, rows, loading, headers, row, testId }: SectionProps<T>) => {
  const { t } = useListT()
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t(title)}
        </Typography>
        {loading ? (
          <CircularProgress size={24} />
        ) : !rows?.length ? (
          <Typography color="text.secondary" data-testid={`${testId}-empty`}>
            {t(empty)}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {headers.map((header) => (
                  <TableCell key={header}>{t(header)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow key={item._id} data-testid={`${testId}-row`}>
                  {row(item).map((cell, i) => (
                    <TableCell key={i}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

export const CustomerOrders = ({ rows, loading }: { rows: Order[] | undefined; loading: boolean }) => {
  const { t, language } = useListT()
  return (
    <Section
      title="shopUser.orders"
      empty="shopUser.noOrders"
      rows={rows}
      loading={loading}
      testId="customer-orders"
      headers={['shopUser.orderId', 'shopUser.when', 'shopUser.status', 'shopUser.total']}
      row={(order) => [
        <AppLink key="id" href={`/orders/${order._id}`}>
          {order.orderId}
        </AppLink>,
        formatDateTime(order.date, language as LocaleId),
        <StatusChip
          key="status"
          label={labelText(orderStatusLabels, order.status, t)}
          colour={orderStatusColour(order.status)}
        />,
        formatMoney(order.total ?? 0)
      ]}
    />
  )
}

export const CustomerPayments = ({ rows, loading }: { rows: Payment[] | undefined; loading: boolean }) => {
  const { t, language } = useListT()
  return (
    <Section
      title="shopUser.payments"
      empty="shopUser.noPayments"
      rows={rows}
      loading={loading}
      testId="customer-payments"
      headers={['shopUser.when', 'shopUser.orderId', 'shopUser.method', 'shopUser.amount', 'shopUser.status']}
      row={(payment) => [
        formatDateTime(payment.date, language as LocaleId),
        payment.orderId ?? '',
        paymentMethodText(payment, t),
        formatMoney(payment.amount),
        <StatusChip
          key="status"
          label={labelText(paymentStatusLabels, payment.status, t)}
          colour={paymentStatusColour(payment.status)}
        />
      ]}
    />
  )
}

export const CustomerRankLogs = ({
  rows,
  loading,
  rankName
}: {
  rows: ShopRankLog[] | undefined
  loading: boolean
  rankName: (id: string | null | undefined) => string
}) => {
  const { language, tAny } = useListT()
  return (
    <Section
      title="shopUser.rankHistory"
      empty="shopUser.noRankLogs"
      rows={rows}
      loading={loading}
      testId="customer-rank-logs"
      headers={[
        'shopUser.when',
        'shopUser.rankLog.from',
        'shopUser.rankLog.to',
        'shopUser.rankLog.reason',
        'shopUser.cachedAmount'
      ]}
      row={(log) => [
        formatDateTime(log.date, language as LocaleId),
        rankName(log.from),
        rankName(log.to),
        // Why it changed, in words ("等級規則變更", not "settings").
        tAny(`shopUser.rankLog.reason.${log.reason}`),
        formatMoney(log.amount)
      ]}
    />
  )
}
