import { useState } from 'react'
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography
} from '@mui/material'
import { ConfirmDialog } from '../../../components/editor/confirm-dialog'
import { cashierErrorMessage } from './cashier-errors'
import { formatDateTime, formatMoney } from '../../../lib/format'
import { useListT, type AnyMessageKey } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import type { QueuedOrder } from '../pos-types'
import type { FullOrderQueue } from './queue-core'

const stateColour = { pending: 'warning', sending: 'info', sent: 'success', failed: 'error' } as const

/** What the order takes: the payments' sum (the server prices it again, decision 0094). */
const paid = (entry: QueuedOrder) => (entry.data.payments ?? []).reduce((sum, payment) => sum + payment.amount, 0)

/** Runs one queue action at a time; a failure (the database) is shown, never silent. */
const useBusy = () => {
  const [busy, setBusy] = useState(false)
  const submit = async (run: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    try {
      await run()
    } catch (error) {
      notifyError(cashierErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return { busy, submit }
}

/** The unsent orders with their state and the server's refusal; a refused one is retried or discarded. */
export const PendingOrdersDialog = ({
  open,
  orders,
  queue,
  onClose
}: {
  open: boolean
  orders: QueuedOrder[]
  queue: FullOrderQueue
  onClose: () => void
}) => {
  const { t, language, tAny } = useListT()
  const [discarding, setDiscarding] = useState<QueuedOrder>()
  const action = useBusy()
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="pos-pending-dialog">
      <DialogTitle>{t('posOffline.title')}</DialogTitle>
      <DialogContent dividers>
        {orders.length === 0 ? (
          <Typography color="text.secondary" data-testid="pos-pending-empty">
            {t('posOffline.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {orders.map((entry, index) => (
              <ListItem
                key={entry.clientId}
                divider
                data-testid={`pos-pending-${index}`}
                data-state={entry.state}
                sx={{ flexWrap: 'wrap' }}
              >
                <ListItemText
                  primary={`${formatDateTime(entry.createdAt, language)} · ${formatMoney(paid(entry))}`}
                  secondary={t('posOffline.lines', { count: entry.data.products.length })}
                />
                <Chip
                  size="small"
                  color={stateColour[entry.state]}
                  label={t(`posOffline.state.${entry.state}` as AnyMessageKey)}
                />
                {entry.state === 'failed' && (
                  <Stack sx={{ width: '100%', mt: 1 }} spacing={1}>
                    <Alert severity="error" data-testid={`pos-pending-error-${index}`}>
                      {entry.error?.key && tAny(entry.error.key) !== entry.error.key
                        ? tAny(entry.error.key)
                        : entry.error?.message}
                    </Alert>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        disabled={action.busy}
                        onClick={() => void action.submit(() => queue.retry(entry.clientId))}
                        data-testid={`pos-pending-retry-${index}`}
                      >
                        {t('posOffline.retry')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDiscarding(entry)}
                        data-testid={`pos-pending-discard-${index}`}
                      >
                        {t('posOffline.discard')}
                      </Button>
                    </Stack>
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={action.busy || !orders.some((entry) => entry.state === 'pending')}
          onClick={() => void action.submit(() => queue.flush())}
          data-testid="pos-pending-send"
        >
          {t('posOffline.sendNow')}
        </Button>
        <Button onClick={onClose} data-testid="pos-pending-close">
          {t('posOffline.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={Boolean(discarding)}
        title={t('posOffline.discard')}
        text={t('posOffline.discardConfirm')}
        testId="pos-pending-discard-dialog"
        onClose={() => setDiscarding(undefined)}
        onConfirm={() => {
          const entry = discarding
          setDiscarding(undefined)
          if (entry) void action.submit(() => queue.discard(entry.clientId))
        }}
      />
    </Dialog>
  )
}
