import { useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import type { Order } from '@emporia/shared'
import { useAppNavigate } from '../../components/ui/app-link'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { serverRefusal } from '../../components/editor/server-refusal'
import { createOrder } from './orders-api'
import { replacementDataOf } from './order-requests'

/**
 * "Create replacement order" asks first (spec §4.8; decision 0185), then makes the replacement through the
 * orders service, which links both orders, and opens it. One key per dialog: a double click makes one order.
 */
export const ReplaceDialog = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t } = useListT()
  const navigate = useAppNavigate()
  const [key] = useState(() => crypto.randomUUID())
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | undefined>()

  const submit = async () => {
    if (busy) return
    setBusy(true)
    setRefusal(undefined)
    try {
      const made = await createOrder({ ...replacementDataOf(order), idempotencyKey: key })
      notifySuccess(t('order.replaceDone', { orderId: made.orderId }))
      onClose()
      navigate(`/orders/${made._id}`)
    } catch (error) {
      // A refusal names `replaces` (already replaced, not paid) or a line (out of stock): its text says which.
      const refused = serverRefusal(error)
      const texts = Object.values(refused.fields)
      setRefusal(texts.length ? texts.join(' · ') : refused.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="replace-dialog">
      <DialogTitle>{t('order.replaceTitle', { orderId: order.orderId || order._id })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('order.replaceText')}</DialogContentText>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="replace-error">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="replace-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="replace-confirm">
          {t('order.replace')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
