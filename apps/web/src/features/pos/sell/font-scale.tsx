import { useState } from 'react'
import { useListT } from '../../../lib/i18n/lists'
import { FontScaleDialog, useStation } from '../station/station'

/**
 * The till's "adjust font size" (spec §2.13, §9.7; decision 0143: an item of the "More" menu): the
 * station's dialog sets the till's and the customer screen's scales, kept on the cashier so every device
 * of the station shows the same. Answers the menu item's text and the dialog to mount.
 */
export const useFontScale = () => {
  const { t } = useListT()
  const { cashier, fontPercent } = useStation()
  const [open, setOpen] = useState(false)
  return {
    text: `${t('pos.sell.fontScale')} ${Math.round(fontPercent)}%`,
    disabled: !cashier,
    open: () => setOpen(true),
    dialog: <FontScaleDialog open={open} onClose={() => setOpen(false)} />
  }
}
