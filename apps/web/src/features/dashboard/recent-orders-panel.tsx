import { useQuery } from '@tanstack/react-query'
import { Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material'
import Receipt from '@mui/icons-material/ReceiptLongOutlined'
import { servicePaths, type LocaleId, type Order, type Page } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDateTime } from '../../lib/format/date'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { shopApi } from '../../lib/resource-client'
import { labelText, orderStatusLabels } from '../../lib/order-labels'

export const RECENT_ORDERS = 5
const RECENT_QUERY = { $sort: { date: -1 }, $limit: RECENT_ORDERS, $select: ['_id', 'orderId', 'date', 'total', 'status'] }

type RecentOrder = Pick<Order, '_id' | 'orderId' | 'date' | 'total' | 'status'>

/** The dashboard's recent orders (spec §2.7): the last five, kept current by the orders service's events. */
export const RecentOrdersPanel = ({ shopId }: { shopId: string }) => {
  const { t, language } = useListT()
  useRealtimeSync(servicePaths.orders, true)
  const orders = useQuery({
    queryKey: queryKeys.find(servicePaths.orders, { ...RECENT_QUERY, shop: shopId }),
    staleTime: 30_000,
    retry: false,
    queryFn: async (): Promise<Page<RecentOrder>> => shopApi(servicePaths.orders).find(RECENT_QUERY)
  })
  const rows = orders.data?.data ?? []
  if (!rows.length)
    return <EmptyState icon={<Receipt />} text={t('dashboard.recentOrdersEmpty')} testId="panel-recentOrders-empty" />
  return (
    <List dense disablePadding data-testid="recent-orders">
      {rows.map((order) => (
        <ListItem
          key={order._id}
          disableGutters
          data-testid="recent-order"
          data-order={order._id}
          secondaryAction={
            <Typography sx={{ fontWeight: 600 }} data-testid="recent-order-total">
              {formatMoney(order.total)}
            </Typography>
          }
        >
          <ListItemText
            primary={
              <>
                <Link component={AppLink} href={`/orders/${order._id}`} data-testid="recent-order-link">
                  {order.orderId}
                </Link>{' '}
                {order.status && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={labelText(orderStatusLabels, order.status, t)}
                    data-testid="recent-order-status"
                  />
                )}
              </>
            }
            secondary={formatDateTime(order.date, language as LocaleId)}
          />
        </ListItem>
      ))}
    </List>
  )
}
