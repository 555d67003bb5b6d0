import type { ReactNode } from 'react'
import { Box, Button, Typography } from '@mui/material'
import { customerName, type Cashier } from '@emporia/shared'
import { useSession } from '../../../lib/auth'
import { useDeviceOnline } from '../../../lib/device-online'
import { askManager } from '../dialogs/manager-approval'
import { useServing } from './serving'
import { useListT } from '../../../lib/i18n/lists'
import { PendingOrdersButton } from '../offline/order-queue'
import { OfflineReadyIndicator } from '../offline/offline-ready'

/**
 * The till's top line (spec §2.13; decision 0143): the cashier (opens the setup), the connection, who
 * serves, the queue, the search box (the product grid's), and at its end the counter's own buttons (new
 * order, the "More" menu).
 */
export const TillHeader = (props: {
  cashier: Cashier | null
  onSetup: () => void
  /** Receives the box the product grid puts its search field in (none on a phone: the grid keeps it). */
  searchSlot?: (element: HTMLElement | null) => void
  /** A phone (decision 0161): the cashier and the buttons on one row, the connection and the queue under it. */
  phone?: boolean
  children?: ReactNode
}) => {
  const { t } = useListT()
  const online = useDeviceOnline()
  const { serving } = useServing()
  const { cashier, searchSlot, phone, children } = props
  // What the line says about the till: it gives way (shortened with "…") before any button does.
  const status = (
    <Box
      data-testid="pos-status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minWidth: 0,
        flexShrink: 1,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        ...(phone && { order: 3, flexBasis: '100%' }),
        '& > *': { minWidth: 0, flexShrink: 1, overflow: 'hidden', textOverflow: 'ellipsis' }
      }}
    >
      <Typography
        data-testid="pos-connection"
        data-online={online}
        color={online ? 'success.main' : 'error.main'}
        sx={{ whiteSpace: 'nowrap', '&&': { flexShrink: 0 } }}
      >
        {online ? t('pos.sell.online') : t('pos.sell.offline')}
      </Typography>
      {serving && (
        <Typography data-testid="pos-serving" noWrap sx={{ fontWeight: 'bold', minWidth: 0 }}>
          {t('posApproval.serving', { name: serving.name })}
        </Typography>
      )}
      <PendingOrdersButton />
      <OfflineReadyIndicator />
    </Box>
  )
  return (
    <Box
      data-testid="pos-header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 56,
        flexWrap: phone ? 'wrap' : 'nowrap',
        overflow: 'hidden'
      }}
    >
      <Button
        data-testid="pos-title"
        onClick={props.onSetup}
        sx={{
          textTransform: 'none',
          minHeight: 44,
          fontSize: '1.05em',
          minWidth: 0,
          flexShrink: 1,
          // On a desk a long name leaves room for the status and the search box.
          ...(phone ? { flex: 1, justifyContent: 'flex-start' } : { maxWidth: '28%' })
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {cashier ? t('pos.sell.title', { name: cashier.name }) : t('pos.sell.noCashier')}
        </Box>
      </Button>
      {status}
      {!phone && <Box ref={searchSlot} sx={{ flex: 1, minWidth: 200, mx: 1, display: 'flex', alignItems: 'center' }} />}
      {children}
    </Box>
  )
}

/**
 * Who serves (decision 0135): "Switch cashier" hands the till to a colleague, who types their PIN; the
 * till then names them, with a way back to the signed-in account. The session never changes.
 */
export const useServingSwitch = () => {
  const { t } = useListT()
  const me = useSession().user
  const { serving, set } = useServing()
  const myName = (me && (customerName(me) || me.email)) || t('posApproval.me')
  const switchCashier = async () => {
    const given = await askManager({ action: 'serve' })
    if (given) set({ id: given._id, user: given.manager, name: given.managerName, at: Date.now() })
  }
  return {
    serving,
    switchCashier: () => void switchCashier(),
    switchBack: () => set(null),
    backLabel: t('posApproval.backTo', { name: myName })
  }
}
