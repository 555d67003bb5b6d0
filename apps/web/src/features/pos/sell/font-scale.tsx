import { useState } from 'react'
import { Button, Menu, MenuItem } from '@mui/material'
import { FONT_SCALE_MAX, FONT_SCALE_MIN, fontScalePercent, servicePaths, type Cashier } from '@emporia/shared'
import { errorMessage } from '../../../lib/errors'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { shopApi } from '../../../lib/resource-client'

/** The till's font size (spec §9.7): kept on the cashier, so every device of the station shows the same. */
const STEPS = [-10, -5, 0, 2, 5, FONT_SCALE_MAX].filter((s) => s >= FONT_SCALE_MIN)

export const FontScaleButton = ({ cashier }: { cashier: Cashier | null }) => {
  const { t } = useListT()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const set = (fontScale: number) => {
    setAnchor(null)
    if (cashier)
      void shopApi(servicePaths.cashiers)
        .patch(cashier._id, { fontScale })
        .catch((error: unknown) => notifyError(errorMessage(error)))
  }
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={!cashier}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="pos-font-scale"
      >
        {t('pos.sell.fontScale')} {Math.round(fontScalePercent(cashier?.fontScale ?? 0))}%
      </Button>
      <Menu open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {STEPS.map((step) => (
          <MenuItem key={step} selected={(cashier?.fontScale ?? 0) === step} onClick={() => set(step)}>
            {Math.round(fontScalePercent(step))}%
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
