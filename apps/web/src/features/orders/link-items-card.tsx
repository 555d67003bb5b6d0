import { useState } from 'react'
import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material'
import { lineTitle, type LocaleId, type Order } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { patchOrder } from './orders-api'
import { fulfilPatchOf } from './order-requests'
import { unplaced, type Refusal } from '../../components/editor/refusal'
import { serverRefusal } from '../../components/editor/server-refusal'

/** Where a line's fulfilment message comes from: a refused status move names the line, a refused save too. */
const linePaths = (index: number) => [`products.${index}.linkItem.fulfilled`, `fulfil.${index}.fulfilled`, `fulfil.${index}`]

/**
 * Linked items (spec §3.11 linkItem, §5.5): lines whose goods are allocated later. Each must be fully
 * fulfilled before the order moves on; the server's reason ("Order not fulfilled", "Quantity
 * Mismatch") shows on the line's field, whether it refused this save or a status move (`moveErrors`).
 */
export const LinkItemsCard = ({
  order,
  moveErrors,
  onSaved
}: {
  order: Order
  moveErrors?: Record<string, string>
  onSaved: () => void
}) => {
  const { t, language } = useListT()
  const [typed, setTyped] = useState<Record<number, string>>({})
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const linked = order.products.flatMap((line, index) => (line.linkItem ? [{ line, index }] : []))
  if (!linked.length) return null
  const fulfil = fulfilPatchOf(order, typed) ?? []
  const errorOf = (index: number) =>
    linePaths(index)
      .map((path) => refusal?.fields[path] ?? moveErrors?.[path])
      .find(Boolean)

  const save = async () => {
    if (busy || !fulfil.length) return
    setBusy(true)
    setRefusal(undefined)
    try {
      await patchOrder(order._id, { fulfil })
      setTyped({})
      notifySuccess(t('ship.saved'))
      onSaved()
    } catch (error) {
      setRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }

  const alert = unplaced(
    refusal,
    linked.flatMap(({ index }) => linePaths(index))
  )
  return (
    <Paper variant="outlined" data-testid="order-link-items">
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {t('link.title')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('order.name')}</TableCell>
            <TableCell align="right">{t('link.quantity')}</TableCell>
            <TableCell>{t('link.fulfilled')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {linked.map(({ line, index }) => (
            <TableRow key={index} data-testid="link-item">
              <TableCell>{lineTitle(line, language as LocaleId)}</TableCell>
              <TableCell align="right">{line.linkItem!.quantity}</TableCell>
              <TableCell sx={{ width: 200 }}>
                <TextField
                  size="small"
                  type="number"
                  value={typed[index] ?? String(line.linkItem!.fulfilled)}
                  error={Boolean(errorOf(index))}
                  helperText={errorOf(index)}
                  onChange={(event) => setTyped((current) => ({ ...current, [index]: event.target.value }))}
                  slotProps={{
                    htmlInput: { min: 0, 'data-testid': `link-fulfilled-${index}`, 'aria-label': t('link.fulfilled') }
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ p: 2 }}>
        {alert && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="link-error">
            {alert}
          </Alert>
        )}
        <Button variant="outlined" disabled={busy || !fulfil.length} onClick={() => void save()} data-testid="link-save">
          {t('link.save')}
        </Button>
      </Box>
    </Paper>
  )
}
