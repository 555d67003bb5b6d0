import { useState } from 'react'
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material'
import type { Order } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import { notifySuccess } from '../../lib/notify'
import { patchOrder } from './orders-api'
import { shipFormOf, shippingPatchOf, type ShipForm } from './order-requests'
import { unplaced, type Refusal } from '../../components/editor/refusal'
import { serverRefusal } from '../../components/editor/server-refusal'

/**
 * Shipping company, tracking number and link (while the shop tracks parcels, useTracking: decision 0178),
 * the address (spec §3.11 ship), and the order's remarks; saved on request. Hidden tracking details are kept.
 */
export const ShippingCard = ({ order, onSaved }: { order: Order; onSaved: () => void }) => {
  const { t } = useListT()
  const [start] = useState(() => shipFormOf(order))
  const [values, setValues] = useState(start)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const tracking = useCurrentShop(true)?.useTracking === true
  const patch = shippingPatchOf(start, values)
  const changed = Object.keys(patch).length > 0

  const save = async () => {
    if (busy || !changed) return
    setBusy(true)
    setRefusal(undefined)
    try {
      await patchOrder(order._id, patch)
      notifySuccess(t('ship.saved'))
      onSaved()
    } catch (error) {
      setRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }

  const input = (name: keyof ShipForm, label: string, path: string, multiline = false, help?: string) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={values[name]}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={Boolean(refusal?.fields[path])}
      helperText={refusal?.fields[path] ?? help}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      slotProps={{ htmlInput: { 'data-testid': `ship-${name}` } }}
    />
  )
  const alert = unplaced(refusal, ['ship.company', 'ship.tracking', 'ship.trackingUrl', 'ship.address', 'remarks'])
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-shipping">
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t('ship.title')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        {tracking && input('company', t('ship.company'), 'ship.company')}
        {tracking && input('tracking', t('ship.tracking'), 'ship.tracking')}
        {tracking && input('trackingUrl', t('ship.trackingUrl'), 'ship.trackingUrl', false, t('ship.trackingUrlHelp'))}
        {input('address', t('ship.address'), 'ship.address', true)}
        {input('remarks', t('order.remarks'), 'remarks', true)}
        {alert && (
          <Alert severity="error" data-testid="ship-error">
            {alert}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="outlined" disabled={busy || !changed} data-testid="ship-save">
            {t('ship.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  )
}
