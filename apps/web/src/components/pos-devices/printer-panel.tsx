import { useState } from 'react'
import { Button, Stack, Typography } from '@mui/material'
import { printerConnTypes, printerTypes, type PrinterConnType } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { usePrinterSettings, writePrinterSettings } from '../../lib/pos-hardware/printer-settings'
import { usePosPrinter } from '../../lib/pos-hardware/use-hardware'
import { useCurrentShopId } from '../../lib/shop'
import type { PrinterLanguage, PrinterTransport } from '../../lib/pos-hardware/types'
import { Choice, DeviceStateChip, useDeviceAction } from './device-parts'

const transports: PrinterTransport[] = ['usb', 'bluetooth', 'serial']
const languages: PrinterLanguage[] = ['esc-pos', 'star-prnt']

/**
 * This device's printer in the shop (decision 0184): its type, kept in this browser; for a thermal one
 * the connection (the same printer the selling screen uses) and its state. An ordinary printer needs no
 * connecting: the browser's print dialog reaches it.
 */
export const PrinterPanel = () => {
  const { t } = useListT()
  const printer = usePosPrinter()
  const run = useDeviceAction()
  const shop = useCurrentShopId()
  const settings = usePrinterSettings(shop)
  const [transport, setTransport] = useState<PrinterTransport>(settings.connection)
  const busy = printer.state === 'connecting'
  const chooseTransport = (value: PrinterTransport) => {
    setTransport(value)
    const connection = printerConnTypes.find((type) => type === value)
    if (shop && connection) writePrinterSettings(shop, { connection: connection satisfies PrinterConnType })
  }
  const typeChoice = shop && (
    <Choice
      label={t('printerSettings.type')}
      value={settings.type}
      values={printerTypes}
      prefix="printerSettings.type"
      onChange={(type) => writePrinterSettings(shop, { type })}
      testId="printer-type"
    />
  )
  if (settings.type === 'ordinary') return <Stack sx={{ mb: 2 }}>{typeChoice}</Stack>
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      {typeChoice}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <DeviceStateChip state={printer.state} testId="printer-state" />
        {printer.printer && (
          <Typography data-testid="printer-name">{t('devHardware.printer.name', { name: printer.printer.name })}</Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Choice
          label={t('devHardware.transport')}
          value={transport}
          values={transports}
          prefix="devHardware.transport"
          onChange={chooseTransport}
          testId="printer-transport"
        />
        <Choice
          label={t('devHardware.printer.language')}
          value={printer.language}
          values={languages}
          prefix="devHardware.printer.language"
          onChange={printer.setLanguage}
          testId="printer-language"
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => run(() => printer.connect(transport))}
          data-testid="printer-connect"
        >
          {t('devHardware.connect')}
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => run(async () => (await printer.reconnect()) || notifyError(t('devHardware.notFound')))}
          data-testid="printer-reconnect"
        >
          {t('devHardware.reconnect')}
        </Button>
        <Button
          variant="outlined"
          disabled={!printer.printer}
          onClick={() => run(printer.disconnect)}
          data-testid="printer-disconnect"
        >
          {t('devHardware.disconnect')}
        </Button>
      </Stack>
    </Stack>
  )
}
