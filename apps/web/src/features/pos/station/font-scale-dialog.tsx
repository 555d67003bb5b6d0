import { useContext } from 'react'
import { Button, ButtonGroup, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material'
import { FONT_SCALE_MAX, FONT_SCALE_MIN, fontScalePercent, remoteFontScalePercent } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { StationContext } from './station-context'

type Which = 'fontScale' | 'remoteFontScale'
const clamp = (value: number) => Math.min(FONT_SCALE_MAX, Math.max(FONT_SCALE_MIN, value))

/**
 * "Adjust font size" (spec §2.13, §9.7): the cashier's till and customer-screen scales, one step a press,
 * saved on the cashier so every device of that cashier follows.
 */
export const FontScaleDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useListT()
  const { cashier, setFontScale } = useContext(StationContext)
  const row = (which: Which, label: string, percent: (scale: number) => number) => {
    const scale = cashier?.[which] ?? 0
    const set = (value: number) => void setFontScale({ [which]: clamp(value) })
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid={`pos-font-${which}`}>
        <Typography sx={{ flex: 1 }}>{label}</Typography>
        <Typography data-testid={`pos-font-${which}-percent`} sx={{ minWidth: 56, textAlign: 'right' }}>
          {`${Math.round(percent(scale))}%`}
        </Typography>
        <ButtonGroup size="small" disabled={!cashier}>
          <Button
            onClick={() => set(scale - 1)}
            disabled={scale <= FONT_SCALE_MIN}
            aria-label={`${label} ${t('posStation.fontSmaller')}`}
          >
            A−
          </Button>
          <Button onClick={() => set(0)} disabled={scale === 0}>
            {t('posStation.fontReset')}
          </Button>
          <Button
            onClick={() => set(scale + 1)}
            disabled={scale >= FONT_SCALE_MAX}
            aria-label={`${label} ${t('posStation.fontLarger')}`}
          >
            A+
          </Button>
        </ButtonGroup>
      </Stack>
    )
  }
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="pos-font-dialog">
      <DialogTitle>{t('posStation.fontTitle')}</DialogTitle>
      <DialogContent>
        {!cashier && (
          <Typography color="error" sx={{ mb: 1 }}>
            {t('pos.error.cashierNotSetup')}
          </Typography>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {row('fontScale', t('posStation.fontTill'), fontScalePercent)}
          {row('remoteFontScale', t('posStation.fontScreen'), remoteFontScalePercent)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
