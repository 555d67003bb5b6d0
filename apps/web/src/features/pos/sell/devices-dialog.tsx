import { useEffect, useRef } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material'
import { servicePaths, type Cashier } from '@emporia/shared'
import { PrinterPanel } from '../../../components/pos-devices/printer-panel'
import { ScalePanel } from '../../../components/pos-devices/scale-panel'
import { useListT } from '../../../lib/i18n/lists'
import { shopApi } from '../../../lib/resource-client'
import { usePosPrinter, usePosScale } from '../../../lib/pos-hardware/use-hardware'

/**
 * The till's devices (spec §2.13 "select Bluetooth device"; decision 0098): the receipt printer (USB,
 * Bluetooth or serial) and the scale, the same connections the hardware test pages make.
 */
export const DevicesDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useListT()
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth data-testid="pos-devices-dialog">
      <DialogTitle>{t('pos.sell.devices')}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('pos.sell.devices.printer')}
        </Typography>
        <PrinterPanel />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('pos.sell.devices.scale')}
        </Typography>
        <ScalePanel />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="pos-devices-close">
          {t('pos.sell.devices.done')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/**
 * On opening the till, the station's printer and the last scale come back without a prompt where the
 * browser allows; a printer connected by hand becomes the cashier's `defaultPosPrinter`.
 */
export const useStationDevices = (cashier: Cashier | null) => {
  const printer = usePosPrinter()
  const scale = usePosScale()
  const tried = useRef<string | null>(null)
  const cashierId = cashier?._id ?? null
  useEffect(() => {
    if (!cashierId || tried.current === cashierId) return
    tried.current = cashierId
    void printer.reconnect(cashier?.defaultPosPrinter ?? undefined).catch(() => false)
    void scale.reconnect().catch(() => false)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per cashier bound on this device
  }, [cashierId])
  const name = printer.printer?.name ?? null
  useEffect(() => {
    if (cashierId && name && name !== cashier?.defaultPosPrinter)
      void shopApi(servicePaths.cashiers)
        .patch(cashierId, { defaultPosPrinter: name })
        .catch(() => undefined)
  }, [cashierId, name, cashier?.defaultPosPrinter])
}
