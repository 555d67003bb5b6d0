import { MenuItem, TextField } from '@mui/material'
import { fontSizePresets } from '@emporia/shared'

/** The font-size picker (spec §2.10, §9.5): a dropdown of the presets, stored as written (numbers are px). */
export const FontSizePicker = ({
  label,
  value,
  onChange,
  testId
}: {
  label: string
  value: unknown
  onChange: (value: string | number | undefined) => void
  testId: string
}) => {
  const options = fontSizePresets.map((preset) => String(preset))
  const current = value === undefined || value === null ? '' : String(value)
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.includes(current) || current === '' ? current : ''}
      onChange={(event) => onChange(fontSizePresets.find((preset) => String(preset) === event.target.value))}
      sx={{ minWidth: 96 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      <MenuItem value="">–</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option} data-testid={`${testId}-option-${option}`}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  )
}
