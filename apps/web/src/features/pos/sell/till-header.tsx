import { Box, Button, Typography } from '@mui/material'
import { customerName, type Cashier } from '@emporia/shared'
import { useSession } from '../../../lib/auth'
import { useDeviceOnline } from '../../../lib/device-online'
import { askManager } from '../dialogs/manager-approval'
import { useServing } from './serving'
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
      <ServingSwitch />
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

/**
 * Who serves (decision 0135): "Switch cashier" hands the till to a colleague, who types their PIN; the
 * header then names them, with a way back to the signed-in account. The session never changes.
 */
const ServingSwitch = () => {
  const { t } = useListT()
  const me = useSession().user
  const { serving, set } = useServing()
  const myName = (me && (customerName(me) || me.email)) || t('posApproval.me')
  const switchCashier = async () => {
    const given = await askManager({ action: 'serve' })
    if (given) set({ id: given._id, user: given.manager, name: given.managerName, at: Date.now() })
  }
  return (
    <>
      {serving && (
        <Typography data-testid="pos-serving" sx={{ fontWeight: 'bold' }}>
          {t('posApproval.serving', { name: serving.name })}
        </Typography>
      )}
      <Button size="small" data-testid="pos-switch-cashier" onClick={() => void switchCashier()}>
        {t('posApproval.switchCashier')}
      </Button>
      {serving && (
        <Button size="small" data-testid="pos-switch-back" onClick={() => set(null)}>
          {t('posApproval.backTo', { name: myName })}
        </Button>
      )}
    </>
  )
}
