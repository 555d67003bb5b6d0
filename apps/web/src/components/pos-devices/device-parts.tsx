import { Chip, MenuItem, TextField } from '@mui/material'
import { hardwareErrorCode, hardwareErrorKey } from '../../lib/pos-hardware/hardware-errors'
import type { DeviceState } from '../../lib/pos-hardware/types'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'

/** Pieces the till and the hardware test pages share (decisions 0097, 0098): a device's state, a choice, an action. */

export const DeviceStateChip = ({ state, testId }: { state: DeviceState; testId: string }) => {
  const { t } = useListT()
  const color = state === 'connected' ? 'success' : state === 'connecting' ? 'warning' : 'default'
  return (
    <Chip
      data-testid={testId}
      data-state={state}
      color={color}
      label={t(`devHardware.state.${state}`)}
      sx={{ alignSelf: 'flex-start' }}
    />
  )
}

/** A select over `values`, each labelled by `${prefix}.${value}` (or the value itself without a prefix). */
export const Choice = <T extends string | number>(props: {
  label: string
  value: T
  values: readonly T[]
  prefix?: string
  onChange: (value: T) => void
  testId?: string
  disabled?: boolean
}) => {
  const { tAny } = useListT()
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(props.values.find((value) => String(value) === String(event.target.value))!)}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
      sx={{ minWidth: 200 }}
    >
      {props.values.map((value) => (
        <MenuItem key={value} value={value}>
          {props.prefix ? tAny(`${props.prefix}.${value}`) : value}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** Runs a device action, saying in the interface's language why it failed. */
export const useDeviceAction = () => {
  const { t } = useListT()
  return async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await action()
    } catch (error) {
      // The person closed the browser's device chooser: nothing to say.
      if (hardwareErrorCode(error) === 'cancelled') return undefined
      // Every failure in the interface's language (decision 0140), never the driver's text.
      notifyError(t(hardwareErrorKey(error)))
      return undefined
    }
  }
}
