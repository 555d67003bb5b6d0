import { useState } from 'react'
import { Button } from '@mui/material'
import { useListT } from '../../../lib/i18n/lists'
import { FontScaleDialog, useStation } from '../station/station'

/**
 * The till's "adjust font size" button (spec §2.13, §9.7): the station's dialog sets the till's and the
 * customer screen's scales, kept on the cashier so every device of the station shows the same.
 */
export const FontScaleButton = () => {
  const { t } = useListT()
  const { cashier, fontPercent } = useStation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="small" variant="outlined" disabled={!cashier} onClick={() => setOpen(true)} data-testid="pos-font-scale">
        {t('pos.sell.fontScale')} {Math.round(fontPercent)}%
      </Button>
      <FontScaleDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
