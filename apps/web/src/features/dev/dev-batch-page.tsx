import { useMemo, useState } from 'react'
import { Button, TextField, Typography } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { encodeLabel } from '../../lib/pos-hardware/label'
import type { LabelData } from '../../lib/pos-hardware/types'
import { usePosPrinter } from '../../lib/pos-hardware/use-hardware'
import { useDeviceAction } from '../../components/pos-devices/device-parts'
import { HardwarePage } from './dev-hardware-parts'
import { defaultLabelChoices, LabelChoiceFields, parseCopies } from './dev-label-fields'
import { PrinterPanel } from '../../components/pos-devices/printer-panel'

/** "name, number, price" lines as labels; the line numbers (from 1) of lines without a name. */
const parseList = (text: string) => {
  const labels: LabelData[] = []
  const bad: number[] = []
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return
    const [name = '', num = '', price = ''] = line.split(',').map((part) => part.trim())
    if (!name) bad.push(index + 1)
    else labels.push({ name, num: num || undefined, price: price || undefined })
  })
  return { labels, bad }
}

/** Developer page `emporia/batch` (spec §2.2): a set of labels for each product of a list, in one job. */
export const BatchTestPage = () => {
  const { t } = useListT()
  const printer = usePosPrinter()
  const run = useDeviceAction()
  const [list, setList] = useState('Green tea, 4891234567890, $12.50\nOolong 烏龍, 4891234567883, $18.00')
  const [choices, setChoices] = useState(defaultLabelChoices)
  const copies = parseCopies(choices.copies)
  const { labels, bad } = useMemo(() => parseList(list), [list])
  const problem = !labels.length
    ? t('devHardware.batch.empty')
    : bad.length
      ? t('devHardware.batch.badLine', { line: bad[0] })
      : ''

  const print = () =>
    run(async () => {
      const date = new Date().toISOString().slice(0, 10)
      const jobs = labels.map((label) =>
        encodeLabel({ ...label, date }, { ...choices, copies: copies!, language: printer.language })
      )
      const bytes = new Uint8Array(jobs.reduce((size, job) => size + job.length, 0))
      jobs.reduce((at, job) => (bytes.set(job, at), at + job.length), 0)
      await printer.print(bytes)
      notifySuccess(t('devHardware.printer.printed', { bytes: bytes.length }))
    })

  return (
    <HardwarePage intro="devHardware.batch.intro">
      <PrinterPanel />
      <TextField
        fullWidth
        multiline
        minRows={4}
        label={t('devHardware.batch.list')}
        value={list}
        onChange={(event) => setList(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'batch-list' } }}
        sx={{ mb: 2 }}
      />
      <LabelChoiceFields value={choices} onChange={setChoices} />
      {problem && (
        <Typography color="error" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
      <Button
        sx={{ mt: 2 }}
        variant="contained"
        disabled={printer.state !== 'connected' || copies === null || !!problem}
        onClick={print}
        data-testid="batch-print"
      >
        {t('devHardware.batch.print', { count: copies === null ? 0 : copies * labels.length })}
      </Button>
    </HardwarePage>
  )
}
