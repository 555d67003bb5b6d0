import { Box, FormHelperText, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import type { FieldProps } from '../../components/fields/field-types'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { useListT } from '../../lib/i18n/lists'

/** A heading between the editor's groups (basics, what it gives, conditions, goods, stacking, preview). */
export const SectionHeading = ({ field, testId }: FieldProps) => {
  const { t } = useListT()
  return (
    <Typography
      variant="subtitle1"
      color="primary"
      sx={{ mt: 2, borderBottom: 1, borderColor: 'divider', fontWeight: 600 }}
      data-testid={testId}
    >
      {t(field.label)}
    </Typography>
  )
}

const monthKeys = Array.from({ length: 12 }, (_, i) => `discount.month.${i}` as AnyMessageKey)
const weekdayKeys = Array.from({ length: 7 }, (_, i) => `discount.weekday.${i}` as AnyMessageKey)

/** Months 0–11 or weekdays 0–6 (spec §9.8) as toggles; none picked means every one. */
const NumberPicker = ({ field, value, onChange, error, testId, keys }: FieldProps & { keys: AnyMessageKey[] }) => {
  const { t } = useListT()
  const picked = Array.isArray(value) ? (value as number[]) : []
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {t(field.label)}
      </Typography>
      <ToggleButtonGroup
        size="small"
        value={picked}
        onChange={(_event, next: number[]) => onChange([...next].sort((a, b) => a - b))}
        sx={{ flexWrap: 'wrap', display: 'flex' }}
        data-testid={testId}
      >
        {keys.map((key, i) => (
          <ToggleButton key={key} value={i} data-testid={`${testId}-${i}`}>
            {t(key)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormHelperText error={Boolean(error)}>{error ?? t('discount.noneMeansAll')}</FormHelperText>
    </Box>
  )
}

export const MonthPicker = (props: FieldProps) => <NumberPicker {...props} keys={monthKeys} />
export const WeekdayPicker = (props: FieldProps) => <NumberPicker {...props} keys={weekdayKeys} />

/** A pair kept only when both ends are given: half a range is no condition. */
const pairOf = (value: unknown): [string, string] =>
  Array.isArray(value) ? [String(value[0] ?? ''), String(value[1] ?? '')] : ['', '']

const RangeInput = ({ field, value, onChange, error, testId, kind }: FieldProps & { kind: 'date' | 'time' }) => {
  const { t } = useListT()
  const [from, to] = pairOf(value)
  const set = (next: [string, string]) => onChange(next[0] && next[1] ? next : next[0] || next[1] ? next : null)
  const input = (end: 0 | 1, label: AnyMessageKey) => (
    <TextField
      fullWidth
      type={kind}
      label={t(label)}
      value={end === 0 ? from : to}
      error={Boolean(error)}
      onChange={(event) => set(end === 0 ? [event.target.value, to] : [from, event.target.value])}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-${end}` } }}
    />
  )
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack direction="row" spacing={1}>
        {input(0, 'discount.from')}
        {input(1, 'discount.to')}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  )
}

export const DateRangeInput = (props: FieldProps) => <RangeInput {...props} kind="date" />
export const TimeRangeInput = (props: FieldProps) => <RangeInput {...props} kind="time" />

/** How this rule stacks with the shop's others (the arbitration is decision 0088's), in words. */
export const StackingNote = ({ values, testId }: FieldProps) => {
  const { t } = useListT()
  const own: AnyMessageKey[] = []
  if (values.exclusive) own.push('discount.stacking.exclusive')
  if (values.exclusiveInclude) own.push('discount.stacking.concurrent')
  if (typeof values.exclusiveKey === 'string' && values.exclusiveKey !== '') own.push('discount.stacking.group')
  return (
    <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }} data-testid={testId}>
      <Typography variant="body2">{t('discount.stacking.rule')}</Typography>
      {own.map((key) => (
        <Typography key={key} variant="body2" color="text.secondary">
          {t(key, { group: values.exclusiveKey })}
        </Typography>
      ))}
    </Box>
  )
}
