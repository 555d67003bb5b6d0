import { useState } from 'react'
import { Alert, Button, Card, CardActions, CardContent, Stack, TextField, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isStaffPin, servicePaths } from '@emporia/shared'
import { errorMessage } from '../../lib/errors'
import { client } from '../../lib/feathers-client'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'

const KEY = [servicePaths.usersStaffPin, 'mine']
const digits = (typed: string) => typed.replace(/\D/g, '').slice(0, 8)

/**
 * The staff PIN (decision 0135) on the profile page: set, change or remove it with the current password.
 * The server keeps only its hash and answers whether one is set.
 */
export const StaffPinSection = () => {
  const { t } = useListT()
  const queries = useQueryClient()
  const state = useQuery({ queryKey: KEY, queryFn: () => client.service(servicePaths.usersStaffPin).find() })
  const [pin, setPin] = useState('')
  const [again, setAgain] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const mismatch = again.length > 0 && again !== pin
  const send = async (value: string | null) => {
    setBusy(true)
    setError(null)
    try {
      const answer = await client.service(servicePaths.usersStaffPin).create({ password, pin: value })
      queries.setQueryData(KEY, answer)
      notifySuccess(t(value === null ? 'staffPin.removed' : 'staffPin.saved'))
      setPin('')
      setAgain('')
      setPassword('')
    } catch (refusal) {
      setError(errorMessage(refusal))
    } finally {
      setBusy(false)
    }
  }
  const pinProps = { inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off', maxLength: 8 }
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mt: 2 }} data-testid="staff-pin-section">
      <CardContent>
        <Typography variant="h6">{t('staffPin.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('staffPin.hint')}
        </Typography>
        {state.data && (
          <Typography data-testid="staff-pin-state" data-set={String(state.data.hasPin)} sx={{ mb: 2 }}>
            {t(state.data.hasPin ? 'staffPin.isSet' : 'staffPin.notSet')}
          </Typography>
        )}
        <Stack
          spacing={2}
          component="form"
          onSubmit={(event) => {
            event.preventDefault()
            if (isStaffPin(pin) && pin === again && password) void send(pin)
          }}
        >
          <TextField
            size="small"
            type="password"
            label={t('staffPin.pin')}
            value={pin}
            onChange={(event) => setPin(digits(event.target.value))}
            error={pin.length > 0 && !isStaffPin(pin)}
            helperText={pin.length > 0 && !isStaffPin(pin) ? t('staffPin.format') : ' '}
            slotProps={{ htmlInput: { ...pinProps, 'data-testid': 'staff-pin-new' } }}
          />
          <TextField
            size="small"
            type="password"
            label={t('staffPin.confirm')}
            value={again}
            onChange={(event) => setAgain(digits(event.target.value))}
            error={mismatch}
            helperText={mismatch ? t('staffPin.mismatch') : ' '}
            slotProps={{ htmlInput: { ...pinProps, 'data-testid': 'staff-pin-again' } }}
          />
          <TextField
            size="small"
            type="password"
            label={t('staffPin.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            slotProps={{ htmlInput: { autoComplete: 'current-password', 'data-testid': 'staff-pin-password' } }}
          />
          {error && (
            <Alert severity="error" data-testid="staff-pin-error">
              {error}
            </Alert>
          )}
          <button type="submit" hidden />
        </Stack>
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          disabled={busy || !isStaffPin(pin) || pin !== again || !password}
          onClick={() => void send(pin)}
          data-testid="staff-pin-save"
        >
          {t('staffPin.save')}
        </Button>
        {state.data?.hasPin && (
          <Button color="error" disabled={busy || !password} onClick={() => void send(null)} data-testid="staff-pin-remove">
            {t('staffPin.remove')}
          </Button>
        )}
      </CardActions>
    </Card>
  )
}
