import { useState } from 'react'
import { Button, Stack, Typography } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { usePosPrinter } from '../../lib/pos-hardware/use-hardware'
import type { PrinterLanguage, PrinterTransport } from '../../lib/pos-hardware/types'
import { Choice, DeviceStateChip, useDeviceAction } from './device-parts'

const transports: PrinterTransport[] = ['usb', 'bluetooth', 'serial']
const languages: PrinterLanguage[] = ['esc-pos', 'star-prnt']

/** Connects the till's printer (the same one the selling screen uses) and shows its state. */
export const PrinterPanel = () => {
  const { t } = useListT()
  const printer = usePosPrinter()
  const run = useDeviceAction()
  const [transport, setTransport] = useState<PrinterTransport>('usb')
  const busy = printer.state === 'connecting'
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
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
          onChange={setTransport}
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
