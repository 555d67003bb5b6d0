import { Alert, Box, Button } from '@mui/material'
import { Link } from '@tanstack/react-router'
import { canOpen } from '@emporia/shared'
import { useSession } from '../../lib/auth'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import { PosStationProvider } from './station/station'
import { Till } from './sell/till'

/**
 * The POS screen (spec §2.13; decisions 0094, 0098): the station around the till. A shop without the POS
 * feature (or a member without access) is told so, and the till asks the server nothing it would refuse.
 */
export const PosPage = () => {
  const { t } = useListT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  if (!canOpen('pos', shop, user?._id))
    return (
      <Box sx={{ p: 3, maxWidth: 720 }}>
        <Alert
          severity="info"
          data-testid="pos-unavailable"
          action={
            <Button component={Link} to="/billing" color="inherit" size="small">
              {t('pos.sell.upgrade')}
            </Button>
          }
        >
          {t('pos.sell.unavailable')}
        </Alert>
      </Box>
    )
  return (
    <PosStationProvider>
      <Till />
    </PosStationProvider>
  )
}
