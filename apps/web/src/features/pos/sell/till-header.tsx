import { Box, Button, Typography } from '@mui/material'
import type { Cashier } from '@emporia/shared'
import { useDeviceOnline } from '../../../lib/device-online'
import { useListT } from '../../../lib/i18n/lists'
import { PendingOrdersButton } from '../offline/order-queue'
import { OfflineReadyIndicator } from '../offline/offline-ready'
import type { CartState } from './cart-store'

/** The till's top line (spec §2.13): the cashier (opens the setup), the connection, the queue, the customer. */
export const TillHeader = (props: { cashier: Cashier | null; cart: CartState; onSetup: () => void }) => {
  const { t } = useListT()
  const online = useDeviceOnline()
  const { cashier, cart } = props
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Button data-testid="pos-title" onClick={props.onSetup} sx={{ textTransform: 'none' }}>
        {cashier ? t('pos.sell.title', { name: cashier.name }) : t('pos.sell.noCashier')}
      </Button>
      <Typography data-testid="pos-connection" data-online={online} color={online ? 'success.main' : 'error.main'}>
        {online ? t('pos.sell.online') : t('pos.sell.offline')}
      </Typography>
      <PendingOrdersButton />
      <OfflineReadyIndicator />
      <Box sx={{ flex: 1 }} />
      <Typography data-testid="pos-customer">
        {cart.member?.name ?? t('pos.sell.guest')}
        {cart.staff ? ` · ${cart.staff.name}` : ''}
      </Typography>
    </Box>
  )
}
