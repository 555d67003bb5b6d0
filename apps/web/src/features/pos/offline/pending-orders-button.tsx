import { Badge, Button } from '@mui/material'
import CloudOff from '@mui/icons-material/CloudOff'
import CloudQueue from '@mui/icons-material/CloudQueue'
import { useListT } from '../../../lib/i18n/lists'

/** The count of unsent orders; red when one was refused, so the cashier notices it needs a decision. */
export const PendingOrdersToolbarButton = ({
  count,
  failed,
  offline,
  onClick
}: {
  count: number
  failed: number
  offline: boolean
  onClick: () => void
}) => {
  const { t } = useListT()
  return (
    <Button
      size="small"
      color={failed ? 'error' : count ? 'warning' : 'inherit'}
      variant={count ? 'contained' : 'text'}
      onClick={onClick}
      data-testid="pos-pending-orders"
      data-count={count}
      // A fingertip's size on a phone's till (decision 0161).
      sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
      startIcon={
        <Badge color="error" variant="dot" invisible={!failed}>
          {offline ? <CloudOff /> : <CloudQueue />}
        </Badge>
      }
    >
      {t('posOffline.pending', { count })}
    </Button>
  )
}
