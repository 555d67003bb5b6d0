import { TextField } from '@mui/material'

/** A period of whole days in the shop's calendar, both ends included (YYYY-MM-DD). */
export interface DayRange {
  fromDate: string
  toDate: string
}

/**
 * The From and To days of a report's toolbar (sales charts, sub-shops, the POS summary). A fragment, so
 * each toolbar lays them out among its own controls; inputs carry `<testId>-from` and `<testId>-to`.
 */
export const DateRangeFields = ({
  range,
  onChange,
  labels,
  testId,
  fromError = false,
  toError
}: {
  range: DayRange
  onChange: (change: Partial<DayRange>) => void
  labels: { from: string; to: string }
  testId: string
  /** The From day was refused (the toolbar says why elsewhere). */
  fromError?: boolean
  /** Why the To day (or the range) is refused, shown under it. */
  toError?: string
}) => (
  <>
    <TextField
      type="date"
      size="small"
      label={labels.from}
      value={range.fromDate}
      onChange={(event) => onChange({ fromDate: event.target.value })}
      error={fromError}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-from` } }}
    />
    <TextField
      type="date"
      size="small"
      label={labels.to}
      value={range.toDate}
      onChange={(event) => onChange({ toDate: event.target.value })}
      error={toError !== undefined}
      helperText={toError}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-to` } }}
    />
  </>
)
