import { useState, type FormEvent } from 'react'
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { QRCodeSVG } from 'qrcode.react'
import type { TwoStepAnswer } from '@emporia/shared'
import { updateSessionUser, useSession } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { confirmTwoStep, disableTwoStep, newRecoveryCodes, startTwoStep } from './api'

type Mode = 'idle' | 'setup' | 'codes' | 'renew' | 'disable'

/** A code field as every step of two-step sign-in has it: focused, the phone's one-time-code autofill, Enter submits. */
const CodeField = ({
  label,
  value,
  onChange,
  focus
}: {
  label: string
  value: string
  onChange: (value: string) => void
  focus: boolean
}) => (
  <TextField
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    autoFocus={focus}
    autoComplete="one-time-code"
    slotProps={{ htmlInput: { 'data-testid': 'two-step-code', inputMode: 'text', maxLength: 40 } }}
  />
)

/**
 * The profile's two-step sign-in (decision 0136): turn on (QR code and key, then a code confirms),
 * the recovery codes shown once, new ones with a code, turn off with the password and a code.
 */
export const TwoStepSection = () => {
  const { t } = useListT()
  const { user } = useSession()
  const [mode, setMode] = useState<Mode>('idle')
  const [setup, setSetup] = useState<TwoStepAnswer>()
  const [codes, setCodes] = useState<string[]>([])
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  if (!user) return null
  const on = user.twoStep === true
  const required = new URLSearchParams(window.location.search).get('twoStep') === 'required'

  const run = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    try {
      await work()
    } catch (error) {
      setCode('')
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  const reset = (next: Mode = 'idle') => {
    setMode(next)
    setCode('')
    setPassword('')
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mode === 'setup')
      void run(async () => {
        const answer = await confirmTwoStep(code.trim())
        setCodes(answer.recoveryCodes ?? [])
        updateSessionUser({ ...user, twoStep: true })
        notifySuccess(t('twoStep.enabled'))
        reset('codes')
      })
    if (mode === 'renew')
      void run(async () => {
        const answer = await newRecoveryCodes(code.trim())
        setCodes(answer.recoveryCodes ?? [])
        reset('codes')
      })
    if (mode === 'disable')
      void run(async () => {
        await disableTwoStep(password, code.trim())
        updateSessionUser({ ...user, twoStep: false })
        notifySuccess(t('twoStep.disabled'))
        reset()
      })
  }

  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mt: 2 }} data-testid="two-step-section" id="two-step">
      <CardContent>
        <Typography variant="h6">{t('twoStep.title')}</Typography>
        {required && !on && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="two-step-required">
            {t('twoStep.required')}
          </Alert>
        )}
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="two-step-status">
          {on ? t('twoStep.on') : t('twoStep.off')}
        </Typography>
        {mode === 'idle' && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            {!on && (
              <Button
                variant="contained"
                disabled={busy}
                data-testid="two-step-start"
                onClick={() =>
                  void run(async () => {
                    setSetup(await startTwoStep())
                    reset('setup')
                  })
                }
              >
                {t('twoStep.turnOn')}
              </Button>
            )}
            {on && (
              <Button data-testid="two-step-renew" onClick={() => reset('renew')}>
                {t('twoStep.newCodes')}
              </Button>
            )}
            {on && (
              <Button color="error" data-testid="two-step-disable" onClick={() => reset('disable')}>
                {t('twoStep.turnOff')}
              </Button>
            )}
          </Stack>
        )}
        {mode === 'codes' && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle1">{t('twoStep.recoveryTitle')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('twoStep.recoveryText')}
            </Typography>
            <Box
              component="ul"
              data-testid="two-step-recovery-codes"
              sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', pl: 0, my: 2 }}
            >
              {codes.map((each) => (
                <li key={each}>{each}</li>
              ))}
            </Box>
            <Button variant="contained" data-testid="two-step-codes-done" onClick={() => reset()}>
              {t('twoStep.recoveryDone')}
            </Button>
          </Box>
        )}
        {(mode === 'setup' || mode === 'renew' || mode === 'disable') && (
          <Box component="form" onSubmit={submit} sx={{ mt: 2 }} data-testid="two-step-form">
            <Stack spacing={2}>
              {mode === 'setup' && setup?.uri && (
                <>
                  <Typography variant="body2">{t('twoStep.scan')}</Typography>
                  <Box sx={{ bgcolor: '#fff', p: 1, alignSelf: 'flex-start' }}>
                    <QRCodeSVG value={setup.uri} size={176} />
                  </Box>
                  <Typography variant="body2">
                    {t('twoStep.secret')}:{' '}
                    <Box component="code" data-testid="two-step-secret" sx={{ wordBreak: 'break-all' }}>
                      {setup.secret}
                    </Box>
                  </Typography>
                </>
              )}
              {mode === 'renew' && <Typography variant="body2">{t('twoStep.newCodesText')}</Typography>}
              {mode === 'disable' && (
                <>
                  <Typography variant="body2">{t('twoStep.turnOffText')}</Typography>
                  <TextField
                    label={t('twoStep.password')}
                    type="password"
                    autoComplete="current-password"
                    autoFocus
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    slotProps={{ htmlInput: { 'data-testid': 'two-step-password' } }}
                  />
                </>
              )}
              <CodeField
                label={mode === 'disable' ? t('twoStep.codeOrRecovery') : t('twoStep.code')}
                value={code}
                onChange={setCode}
                focus={mode !== 'disable'}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  type="submit"
                  variant="contained"
                  color={mode === 'disable' ? 'error' : 'primary'}
                  disabled={busy || !code.trim()}
                  data-testid="two-step-submit"
                >
                  {mode === 'disable' ? t('twoStep.turnOff') : t('twoStep.confirm')}
                </Button>
                <Button onClick={() => reset()} data-testid="two-step-cancel">
                  {t('twoStep.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
