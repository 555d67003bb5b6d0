import { useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material'
import type { Order } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { patchOrder } from './orders-api'
import { unplaced, type Refusal } from '../../components/editor/refusal'
import { serverRefusal } from '../../components/editor/server-refusal'

/** "Void order" asks first (its reserved stock goes back, and it cannot be undone), with an optional reason. */
export const VoidDialog = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t } = useListT()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()

  const submit = async () => {
    if (busy) return
    setBusy(true)
    setRefusal(undefined)
    try {
      await patchOrder(order._id, { status: 'void', ...(reason.trim() ? { cancelReason: reason.trim() } : {}) })
      notifySuccess(t('order.voided'))
      onClose()
    } catch (error) {
      setRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }

  const reasonError = refusal?.fields.cancelReason
  const alert = unplaced(refusal, ['cancelReason'])
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="void-dialog">
      <DialogTitle>{t('order.voidTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('order.voidText')}</DialogContentText>
        <TextField
          fullWidth
          label={t('order.cancelReason')}
          value={reason}
          error={Boolean(reasonError)}
          helperText={reasonError}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'void-reason' } }}
        />
        {alert && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="void-error">
            {alert}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="void-cancel">
          {t('editor.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void submit()} data-testid="void-confirm">
          {t('order.void')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
