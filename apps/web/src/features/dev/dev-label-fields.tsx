import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { MAX_LABEL_COPIES } from '../../lib/pos-hardware/label'
import type { LabelOptions } from '../../lib/pos-hardware/types'
import { Choice } from '../../components/pos-devices/device-parts'

/** The label print fields of spec §3.12: num (how many), showDate, showID, showNum, labelSize. */
export interface LabelChoices {
  copies: string
  showDate: boolean
  showID: boolean
  showNum: boolean
  labelSize: LabelOptions['labelSize']
}

export const defaultLabelChoices: LabelChoices = {
  copies: '1',
  showDate: true,
  showID: false,
  showNum: true,
  labelSize: 'default'
}

/** The number of labels, or null when it is not a whole number in range (refused, not rounded). */
export const parseCopies = (text: string) => {
  const copies = /^\d+$/.test(text.trim()) ? Number(text) : NaN
  return copies >= 1 && copies <= MAX_LABEL_COPIES ? copies : null
}

export const LabelChoiceFields = ({ value, onChange }: { value: LabelChoices; onChange: (value: LabelChoices) => void }) => {
  const { t } = useListT()
  const bad = parseCopies(value.copies) === null
  const flag = (key: 'showDate' | 'showID' | 'showNum') => (
    <FormControlLabel
      control={<Checkbox checked={value[key]} onChange={(event) => onChange({ ...value, [key]: event.target.checked })} />}
      label={t(`devHardware.label.${key}`)}
    />
  )
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        label={t('devHardware.label.copies')}
        value={value.copies}
        error={bad}
        helperText={bad ? t('devHardware.label.badCopies', { max: MAX_LABEL_COPIES }) : undefined}
        onChange={(event) => onChange({ ...value, copies: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'label-copies' } }}
      />
      <Choice
        label={t('devHardware.label.labelSize')}
        value={value.labelSize}
        values={['default', 'small'] as const}
        prefix="devHardware.label.labelSize"
        onChange={(labelSize) => onChange({ ...value, labelSize })}
      />
      {flag('showDate')}
      {flag('showID')}
      {flag('showNum')}
    </Stack>
  )
}
