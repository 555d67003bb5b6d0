import { useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material'
import ReceiptLong from '@mui/icons-material/ReceiptLong'
import type { Order, OrderPaymentInput, Payment } from '@emporia/shared'
import { PrinterPanel } from '../../components/pos-devices/printer-panel'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { hardwareErrorKey } from '../../lib/pos-hardware/hardware-errors'
import { useReceiptPrint } from '../../lib/pos-hardware/receipt-print'
import { paymentMethodText } from '../../lib/order-labels'

/** The payments a receipt lists: what was taken (a refund's own record is not part of the sale's slip). */
export const receiptPaymentsOf = (payments: readonly Payment[]): OrderPaymentInput[] =>
  payments
    .filter((payment) => payment.status === 'paid' && payment.amount > 0)
    .map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      ...(payment.extraMethod ? { extraMethod: payment.extraMethod } : {}),
      ...(typeof payment.received === 'number' ? { received: payment.received } : {})
    }))

/**
 * A reprint of any order's receipt on this device's receipt printer (decision 0141), as the till prints
 * it. With no printer connected, the dialog says so and connects one with the till's own panel.
 */
export const ReceiptReprint = ({ order, payments }: { order: Order; payments: readonly Payment[] }) => {
  const { t } = useListT()
  const receipt = useReceiptPrint()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  const print = async () => {
    setBusy(true)
    try {
      await receipt.print(order, receiptPaymentsOf(payments), {
        methodName: (payment) => paymentMethodText(payment, t)
      })
      notifySuccess(t('order.receiptPrinted'))
      setOpen(false)
    } catch (error) {
      notifyError(t('order.receiptFailed', { reason: t(hardwareErrorKey(error)) }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button
        startIcon={<ReceiptLong />}
        disabled={busy}
        onClick={() => (receipt.connected ? void print() : setOpen(true))}
        data-testid="order-print-receipt"
      >
        {t('order.printReceipt')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth data-testid="order-receipt-dialog">
        <DialogTitle>{t('order.printReceipt')}</DialogTitle>
        <DialogContent>
          {!receipt.connected && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="order-receipt-no-printer">
              {t('order.noReceiptPrinter')}
            </Alert>
          )}
          <PrinterPanel />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('editor.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!receipt.connected || busy}
            onClick={() => void print()}
            data-testid="order-receipt-print"
          >
            {t('order.printReceipt')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
