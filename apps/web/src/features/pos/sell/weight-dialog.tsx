import { useState } from 'react'
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material'
import type { PosCatalogueProduct } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { usePosScale } from '../../../lib/pos-hardware/use-hardware'
import { quantityProblem } from './cart-store'
import { useText } from './pick-dialogs'
import { posUnitKey } from '../pos-units'

/*
 * The weight of a weighed product (spec §2.13; decision 0098): the scale's state and live reading when one
 * is connected, else the weight typed (keyboard mode). Exact to thousandths; anything finer is refused.
 * The till keys it by product, so each product starts with an empty field.
 */
export const WeightDialog = (props: {
  product: PosCatalogueProduct | null
  onWeight: (quantity: number) => void
  onClose: () => void
}) => {
  const { t, tAny } = useListT()
  const text = useText()
  const scale = usePosScale()
  const [typed, setTyped] = useState('')
  const unit = props.product?.weightUnit ?? 'kg'
  // A unit by its name in the interface's language (兩, not tael).
  const unitName = (name: string) => (posUnitKey(name) ? t(posUnitKey(name)!) : name)
  const value = typed.trim() === '' ? NaN : Number(typed)
  const problem = typed.trim() === '' ? null : quantityProblem({ weighted: true }, value)
  const reading = scale.reading
  // A reading in another unit than the product's is not converted (inexact): it is shown, not used.
  const usable =
    reading && reading.stable && reading.unit === unit && reading.value > 0 && !quantityProblem({ weighted: true }, reading.value)

  const confirm = () => {
    if (typed.trim() !== '') {
      if (!problem) props.onWeight(value)
      return
    }
    if (usable && reading) props.onWeight(reading.value)
  }

  return (
    <Dialog open={Boolean(props.product)} onClose={props.onClose} data-testid="pos-weight-dialog" fullWidth maxWidth="xs">
      <DialogTitle>
        {t('pos.sell.weight')}: {props.product ? text(props.product.name) : ''}
      </DialogTitle>
      <DialogContent>
        <Alert
          severity={scale.state === 'connected' ? 'success' : scale.state === 'connecting' ? 'info' : 'warning'}
          data-testid="pos-weight-state"
          data-state={scale.state}
          sx={{ mb: 2 }}
        >
          {t(`pos.sell.scale.${scale.state}`)}
        </Alert>
        {reading && (
          <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Typography variant="h5" data-testid="pos-weight-reading">
              {t('pos.sell.scale.reading', { value: reading.value, unit: unitName(reading.unit) })}
              {reading.stable ? ` (${t('pos.sell.scale.stable')})` : ''}
            </Typography>
          </Box>
        )}
        <TextField
          autoFocus
          fullWidth
          label={t('pos.sell.weightIn', { unit: unitName(unit) })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              confirm()
            }
          }}
          error={Boolean(problem)}
          helperText={problem ? tAny(problem.key, problem.values) : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'pos-weight-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('pos.sell.cancel')}</Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={typed.trim() === '' ? !usable : Boolean(problem)}
          data-testid="pos-weight-confirm"
        >
          {typed.trim() === '' && usable ? t('pos.sell.scale.useReading') : t('pos.sell.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
