import { Chip } from '@mui/material'
import type { SubscriptionState } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'

const colours: Record<SubscriptionState, 'info' | 'success' | 'warning' | 'error' | 'default'> = {
  trial: 'info',
  active: 'success',
  grace: 'warning',
  lapsed: 'error',
  off: 'default'
}

/** A subscription's state as a translated chip; the colour helps, the word says it. */
export const ShopStateChip = ({ state }: { state: SubscriptionState }) => {
  const { t } = useListT()
  return (
    <Chip
      size="small"
      label={t(`operator.state.${state}`)}
      color={colours[state]}
      variant={state === 'active' ? 'filled' : 'outlined'}
      data-testid="operator-shop-state"
      data-state={state}
    />
  )
}
