import { Autocomplete, Button, Chip, Stack, TextField } from '@mui/material'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'
import { commonTimeZones } from './settings-payment-fields'

/** `cardPayment.secretKey` → `cardPayment.hasSecretKey`: where the record says whether it is set. */
const flagOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  const last = name.slice(dot + 1)
  return `${name.slice(0, dot + 1)}has${last[0].toUpperCase()}${last.slice(1)}`
}

/**
 * A write-only secret (decision 0079): the saved value never comes back, so the input starts empty
 * and says whether one is set; typing replaces it, Remove clears it, an empty input leaves it.
 */
export const SecretInput = ({ field, value, onChange, values, error, testId }: FieldProps) => {
  const { t } = useListT()
  const isSet = Boolean(values[flagOf(field.name)])
  const typed = typeof value === 'string' && value.trim() !== ''
  const removing = value === null
  const state = removing ? 'removing' : typed ? (isSet ? 'replacing' : 'typed') : isSet ? 'set' : 'unset'
  const help = {
    removing: t('paySettings.secretRemoving'),
    replacing: t('paySettings.secretReplacing'),
    typed: undefined,
    set: t('paySettings.secretSetHelp'),
    unset: undefined
  }[state]
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        fullWidth
        type="password"
        label={t(field.label)}
        value={typeof value === 'string' ? value : ''}
        disabled={removing}
        error={Boolean(error)}
        helperText={error ?? help}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': testId, autoComplete: 'new-password', spellCheck: false } }}
      />
      <Chip
        sx={{ mt: 1.5 }}
        color={isSet && !removing ? 'success' : 'default'}
        label={isSet ? t('paySettings.secretSet') : t('paySettings.secretNotSet')}
        data-testid={`${testId}-status`}
        data-set={String(isSet)}
      />
      {isSet && (
        <Button sx={{ mt: 1 }} onClick={() => onChange(removing ? '' : null)} data-testid={`${testId}-remove`}>
          {removing ? t('paySettings.secretKeep') : t('paySettings.secretRemove')}
        </Button>
      )}
    </Stack>
  )
}

/** A time zone: one of the common ones, or any IANA name typed (the shared rule says whether it is one). */
export const TimeZoneInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={commonTimeZones}
      inputValue={typeof value === 'string' ? value : ''}
      onInputChange={(_, text) => onChange(text)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t(field.label)}
          error={Boolean(error)}
          helperText={error ?? t('paySettings.timeZoneHelp')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  )
}
