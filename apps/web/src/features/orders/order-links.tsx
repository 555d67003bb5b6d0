import { Link, Paper, Stack, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Order } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { useListT } from '../../lib/i18n/lists'
import { shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/** The orders this one is tied to: split from, split into or linked, replacing or replaced by. */
export const linkedOrderIds = (order: Order) => ({
  linkOrders: order.linkOrders ?? [],
  splitOrder: order.splitOrder ? [order.splitOrder] : [],
  replaces: order.replaces ? [order.replaces] : [],
  replacedBy: order.replacedBy ? [order.replacedBy] : []
})

const labels = {
  linkOrders: 'order.linkOrders',
  splitOrder: 'order.splitFrom',
  replaces: 'order.replaces',
  replacedBy: 'order.replacedBy'
} as const

/** Links to the related orders, each shown by its order number. */
export const OrderLinks = ({ order }: { order: Order }) => {
  const { t } = useListT()
  const shop = useCurrentShopId()
  const groups = linkedOrderIds(order)
  const ids = [...new Set(Object.values(groups).flat())]
  const names = useQuery({
    queryKey: [servicePaths.orders, 'find', { linked: ids, shop }],
    enabled: Boolean(shop && ids.length),
    staleTime: 60_000,
    queryFn: async () => {
      const found = await shopRows(servicePaths.orders, { _id: { $in: ids }, $select: ['orderId'], $limit: ids.length })
      return new Map(found.map((row) => [row._id, row.orderId ?? row._id]))
    }
  })
  if (!ids.length) return null
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-links">
      <Stack spacing={0.5}>
        {(Object.keys(groups) as (keyof typeof groups)[])
          .filter((group) => groups[group].length)
          .map((group) => (
            <Typography key={group} variant="body2">
              {t(labels[group])}:{' '}
              {groups[group].map((linked, i) => (
                <span key={linked}>
                  {i > 0 && ', '}
                  <Link component={AppLink} href={`/orders/${linked}`} data-testid="order-link">
                    {names.data?.get(linked) ?? linked}
                  </Link>
                </span>
              ))}
            </Typography>
          ))}
      </Stack>
    </Paper>
  )
}
