import { Stack } from '@mui/material'
import { useSession } from '../../lib/auth'
import { useCurrentShop } from '../../lib/shop'
import { AccountingCard } from './accounting-card'
import { GatewaysCard } from './gateways-card'

/**
 * settings/integrations (spec §2.2, decision 0197): one card per integration, each with its state, what
 * it does and its actions. The accounting service first, then the payment gateways.
 */
export const SettingsIntegrationsPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }} key={shop._id} data-testid="integrations">
      <AccountingCard shop={shop._id} />
      <GatewaysCard gateways={shop.paymentGateways} />
    </Stack>
  )
}
