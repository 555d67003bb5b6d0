import { Dialog, DialogTitle } from '@mui/material'
import type { Order } from '@emporia/shared'
import { RefundForm } from '../../components/refund/refund-form'
import { useListT } from '../../lib/i18n/lists'

/** The order page's "Confirm Refund?" (spec §4.8): the shared refund form for the order on the page. */
export const RefundDialog = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t } = useListT()
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="refund-dialog">
      <DialogTitle>{t('refund.title')}</DialogTitle>
      <RefundForm order={order} onClose={onClose} testId="refund" />
    </Dialog>
  )
}
