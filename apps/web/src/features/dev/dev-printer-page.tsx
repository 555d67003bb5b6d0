import { useState } from 'react'
import { Button, Stack } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { encodeReceipt, receiptColumns } from '../../lib/pos-hardware/receipt'
import type { ReceiptOptions } from '../../lib/pos-hardware/types'
import { usePosPrinter } from '../../lib/pos-hardware/use-hardware'
import { Choice, useDeviceAction } from '../../components/pos-devices/device-parts'
import { HardwarePage } from './dev-hardware-parts'
import { PrinterPanel } from '../../components/pos-devices/printer-panel'
import { sampleReceipt } from './dev-sample-receipt'

const cjkChoices: ReceiptOptions['cjk'][] = ['image', 'big5', 'gb18030']
const invoiceTypes: ReceiptOptions['invoiceType'][] = ['normal', 'long']

/** Developer page `emporia/printer` (spec §2.2): connect, print a test receipt, kick the drawer. */
export const PrinterTestPage = () => {
  const { t } = useListT()
  const printer = usePosPrinter()
  const run = useDeviceAction()
  const [columns, setColumns] = useState<number>(48)
  const [cjk, setCjk] = useState<ReceiptOptions['cjk']>('image')
  const [invoiceType, setInvoiceType] = useState<ReceiptOptions['invoiceType']>('normal')
  const connected = printer.state === 'connected'

  const print = () =>
    run(async () => {
      const bytes = encodeReceipt(sampleReceipt({}), { language: printer.language, columns, cjk, invoiceType })
      await printer.print(bytes)
      notifySuccess(t('devHardware.printer.printed', { bytes: bytes.length }))
    })
  const kick = () =>
    run(async () => {
      await printer.kickDrawer()
      notifySuccess(t('devHardware.printer.drawerKicked'))
    })

  return (
    <HardwarePage intro="devHardware.printer.intro">
      <PrinterPanel />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Choice
          label={t('devHardware.printer.columns')}
          value={columns}
          values={receiptColumns}
          onChange={setColumns}
          testId="printer-columns"
        />
        <Choice
          label={t('devHardware.printer.cjk')}
          value={cjk}
          values={cjkChoices}
          prefix="devHardware.printer.cjk"
          onChange={setCjk}
          testId="printer-cjk"
        />
        <Choice
          label={t('devHardware.printer.invoiceType')}
          value={invoiceType}
          values={invoiceTypes}
          prefix="devHardware.printer.invoiceType"
          onChange={setInvoiceType}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!connected} onClick={print} data-testid="printer-print">
          {t('devHardware.printer.print')}
        </Button>
        <Button variant="outlined" disabled={!connected} onClick={kick} data-testid="printer-drawer">
          {t('devHardware.printer.drawer')}
        </Button>
      </Stack>
    </HardwarePage>
  )
}
