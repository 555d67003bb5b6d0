import { Button, Paper, Stack, Typography } from '@mui/material'
import { PrinterPanel } from '../../components/pos-devices/printer-panel'
import { useDeviceAction } from '../../components/pos-devices/device-parts'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { formatReceiptTime } from '../../lib/pos-hardware/receipt-order'
import { useReceiptPrint } from '../../lib/pos-hardware/receipt-print'
import { useCurrentShop } from '../../lib/shop'

/**
 * This device's printer (spec §3.1 devices; decision 0184): its type and connection, kept in this browser
 * for the shop, and a sample receipt printed with the shop's saved receipt settings.
 */
export const PrinterSection = () => {
  const { t } = useListT()
  const shop = useCurrentShop(true)
  const receipt = useReceiptPrint()
  const run = useDeviceAction()
  const price = formatMoney(1000)
  const printSample = () =>
    run(async () => {
      await receipt.printSample({
        time: formatReceiptTime(new Date(), shop?.timeZone),
        lines: [{ name: t('printerSettings.sampleItem'), quantity: 1, unitPrice: price, amount: price }],
        subtotal: price,
        total: price,
        payments: [{ method: t('pos.sell.method.cash'), amount: price }]
      })
      notifySuccess(t('printerSettings.samplePrinted'))
    })
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="printer-settings">
      <Typography variant="h6">{t('printerSettings.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('printerSettings.intro')}
      </Typography>
      <PrinterPanel />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" disabled={!receipt.connected} onClick={() => void printSample()} data-testid="printer-sample">
          {t('printerSettings.sample')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('printerSettings.saveFirst')}
        </Typography>
      </Stack>
    </Paper>
  )
}
