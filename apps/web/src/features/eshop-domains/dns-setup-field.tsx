import { Checkbox, FormControlLabel, FormHelperText, Stack, TextField } from '@mui/material'
import type { DnsSetup } from '@emporia/shared'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'

const SWITCHES = ['forwardRoot', 'forwardWWW', 'proxied'] as const

/**
 * The DNS-provider setup (spec §3.13): off, or the zone's name, forwarding, proxying and the terms, which
 * must be agreed (the server refuses the setup otherwise and says so under the box).
 */
export const DnsSetupField = ({ value, onChange, values, error, errors, testId }: FieldProps) => {
  const { t } = useListT()
  const setup = (value ?? null) as DnsSetup | null
  const name = typeof values.name === 'string' ? values.name : ''
  const change = (next: Partial<DnsSetup>) => onChange({ ...(setup as DnsSetup), ...next })
  const termsError = errors?.agreeTerms
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <FormControlLabel
        control={
          <Checkbox
            checked={setup !== null}
            onChange={(event) =>
              onChange(
                event.target.checked ? { name, forwardRoot: true, forwardWWW: true, proxied: false, agreeTerms: false } : null
              )
            }
            slotProps={{ input: { ...{ 'data-testid': `${testId}-use` } } }}
          />
        }
        label={t('domain.dnsSetup.use')}
      />
      {setup && (
        <Stack spacing={0.5} sx={{ pl: 4 }}>
          <TextField
            size="small"
            label={t('domain.dnsSetup.name')}
            value={setup.name}
            onChange={(event) => change({ name: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-name` } }}
          />
          {SWITCHES.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Checkbox
                  checked={setup[key]}
                  onChange={(event) => change({ [key]: event.target.checked })}
                  slotProps={{ input: { ...{ 'data-testid': `${testId}-${key}` } } }}
                />
              }
              label={t(`domain.dnsSetup.${key}`)}
            />
          ))}
          <FormControlLabel
            control={
              <Checkbox
                checked={setup.agreeTerms}
                onChange={(event) => change({ agreeTerms: event.target.checked })}
                slotProps={{ input: { ...{ 'data-testid': `${testId}-agreeTerms` } } }}
              />
            }
            label={t('domain.dnsSetup.agreeTerms')}
          />
          {(termsError || error) && <FormHelperText error>{termsError ?? error}</FormHelperText>}
        </Stack>
      )}
    </Stack>
  )
}
