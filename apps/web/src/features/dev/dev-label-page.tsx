import { useState } from 'react'
import { Button, Stack, TextField } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { encodeLabel } from '../../lib/pos-hardware/label'
import type { LabelData } from '../../lib/pos-hardware/types'
import { usePosPrinter } from '../../lib/pos-hardware/use-hardware'
import { useDeviceAction } from '../../components/pos-devices/device-parts'
import { HardwarePage } from './dev-hardware-parts'
import { labelChoicesOk } from '../../lib/pos-hardware/label-choices'
import { defaultLabelChoices, LabelChoiceFields, parseCopies } from './dev-label-fields'
import { PrinterPanel } from '../../components/pos-devices/printer-panel'

const fields = ['name', 'num', 'id', 'price'] as const

/** Developer page `emporia/label` (spec §2.2, §3.12 label print): one product's labels. */
export const LabelTestPage = () => {
  const { t } = useListT()
  const printer = usePosPrinter()
  const run = useDeviceAction()
  const [data, setData] = useState<Record<(typeof fields)[number], string>>({
    name: 'Green tea',
    num: '4891234567890',
    id: '64b7f0c2a1b2c3d4e5f60718',
    price: '$12.50'
  })
  const [choices, setChoices] = useState(defaultLabelChoices)
  const copies = parseCopies(choices.copies)

  const print = () =>
    run(async () => {
      const label: LabelData = {
        ...data,
        quantity: choices.quantity.trim() || undefined,
        weight: choices.weight.trim() || undefined,
        date: new Date().toISOString().slice(0, 10)
      }
      const bytes = encodeLabel(label, { ...choices, copies: copies!, language: printer.language })
      await printer.print(bytes)
      notifySuccess(t('devHardware.printer.printed', { bytes: bytes.length }))
    })

  return (
    <HardwarePage intro="devHardware.label.intro">
      <PrinterPanel />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {fields.map((field) => (
          <TextField
            key={field}
            size="small"
            label={t(`devHardware.label.${field}`)}
            value={data[field]}
            onChange={(event) => setData({ ...data, [field]: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `label-${field}` } }}
          />
        ))}
      </Stack>
      <LabelChoiceFields value={choices} onChange={setChoices} />
      <Button
        sx={{ mt: 2 }}
        variant="contained"
        disabled={printer.state !== 'connected' || !labelChoicesOk(choices) || !data.name.trim()}
        onClick={print}
        data-testid="label-print"
      >
        {t('devHardware.label.print')}
      </Button>
    </HardwarePage>
  )
}
