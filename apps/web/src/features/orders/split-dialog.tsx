import { useState } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField
} from '@mui/material'
import { lineTitle, type LocaleId, type Order } from '@emporia/shared'
import { useQuantityText } from '../../lib/format/quantity'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { splitOrder } from './orders-api'
import { splitLinesOf } from './order-requests'
import { unplaced, type Refusal } from '../../components/editor/refusal'
import { serverRefusal } from '../../components/editor/server-refusal'

/** "Split" (spec §4.8): these quantities of these lines move to a new order linked to this one. */
export const SplitDialog = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t, language } = useListT()
  const quantity = useQuantityText()
  const [quantities, setQuantities] = useState<string[]>(() => order.products.map(() => '0'))
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const [nothing, setNothing] = useState(false)

  const submit = async () => {
    const lines = splitLinesOf(quantities)
    setNothing(lines.length === 0)
    if (busy || lines.length === 0) return
    setBusy(true)
    setRefusal(undefined)
    try {
      const created = await splitOrder({ order: order._id, lines })
      notifySuccess(t('split.done', { orderId: created.orderId }))
      onClose()
    } catch (error) {
      setRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }

  const shownPaths = order.products.flatMap((_, i) => [`lines.${i}.quantity`, `lines.${i}`])
  const lineError = (i: number) => refusal?.fields[`lines.${i}.quantity`] ?? refusal?.fields[`lines.${i}`]
  const alert = nothing ? t('split.nothing') : unplaced(refusal, shownPaths)
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="split-dialog">
      <DialogTitle>{t('split.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('split.text')}</DialogContentText>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('order.name')}</TableCell>
              <TableCell align="right">{t('order.quantity')}</TableCell>
              <TableCell>{t('split.quantity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.products.map((line, index) => (
              <TableRow key={index} data-testid="split-line">
                <TableCell>{lineTitle(line, language as LocaleId)}</TableCell>
                <TableCell align="right">{quantity(line.quantity, line.unit)}</TableCell>
                <TableCell sx={{ width: 160 }}>
                  <TextField
                    size="small"
                    type="number"
                    value={quantities[index]}
                    error={Boolean(lineError(index))}
                    helperText={lineError(index)}
                    onChange={(event) =>
                      setQuantities((current) => current.map((value, i) => (i === index ? event.target.value : value)))
                    }
                    slotProps={{
                      htmlInput: {
                        min: 0,
                        max: line.quantity,
                        'data-testid': `split-quantity-${index}`,
                        'aria-label': t('split.quantity')
                      }
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {alert && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="split-error">
            {alert}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="split-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="split-submit">
          {t('split.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
