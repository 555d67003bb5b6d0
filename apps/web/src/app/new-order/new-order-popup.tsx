import { useEffect, useMemo, useState } from 'react'
import { Avatar, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material'
import ShoppingBag from '@mui/icons-material/ShoppingBag'
import { lineTitle } from '@emporia/shared'
import { useAppNavigate } from '../../components/ui/app-link'
import { client } from '../../lib/feathers-client'
import { formatMoney } from '../../lib/format'
import { useT } from '../../lib/i18n/i18n'
import { createNewOrderWatch, summarizeOrder, type OrderEvent } from '../../lib/new-order-watch'
import { getCurrentShopId } from '../../lib/shop'

/** Spec §9.3: a popup closes with a 500 ms delay, so its content does not vanish mid-animation. */
const CLOSE_DELAY_MS = 500

/** "New EShop Order Received" (spec §2.6): first product, how many more, total; Skip or View. */
export const NewOrderPopup = () => {
  const { t, language } = useT()
  const navigate = useAppNavigate()
  const [queue, setQueue] = useState<OrderEvent[]>([])
  const [open, setOpen] = useState(true)
  const watch = useMemo(() => createNewOrderWatch(getCurrentShopId), [])

  useEffect(() => {
    const orders = client.service('orders')
    const onEvent = (order: unknown) => {
      if (watch.accept(order)) setQueue((current) => [...current, order])
    }
    orders.on('created', onEvent)
    orders.on('patched', onEvent)
    return () => {
      orders.removeListener('created', onEvent)
      orders.removeListener('patched', onEvent)
    }
  }, [watch])

  const order = queue[0]
  if (!order) return null
  const summary = summarizeOrder(order)
  const close = (then?: () => void) => {
    setOpen(false)
    setTimeout(() => {
      setQueue((current) => current.slice(1))
      setOpen(true)
      then?.()
    }, CLOSE_DELAY_MS)
  }

  return (
    <Dialog open={open} onClose={() => close()} data-testid="new-order-popup" maxWidth="xs" fullWidth>
      <DialogTitle>{t('order.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" src={summary.image} sx={{ width: 64, height: 64 }} data-testid="new-order-image">
            <ShoppingBag />
          </Avatar>
          <div>
            <Typography data-testid="new-order-product">{lineTitle(summary.line, language)}</Typography>
            {summary.more > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="new-order-more">
                {t('order.moreProducts', { count: summary.more })}
              </Typography>
            )}
            <Typography variant="h6" data-testid="new-order-total">
              {t('order.total')}: {formatMoney(summary.totalCents)}
            </Typography>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close()} data-testid="new-order-skip">
          {t('order.skip')}
        </Button>
        <Button
          variant="contained"
          data-testid="new-order-view"
          // The orders list reads its filter from `currentFilter` (spec §2.6, decision 0030).
          onClick={() => close(() => navigate(`/orders?currentFilter=${encodeURIComponent(JSON.stringify({ _id: order._id }))}`))}
        >
          {t('order.view')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
