import { useState } from 'react'
import { Alert, Button, Paper } from '@mui/material'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { code as checkCode, valid } from '../../components/ui/validation'
import { updateSessionUser, useSession } from '../../lib/auth'
import { useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { useCurrentShop } from '../../lib/shop'
import { resendVerification, verifyAccount } from '../../lib/account-verify'

/**
 * Whether the signed-in member must verify their e-mail before this shop's screens (spec §4.4;
 * decision 0138): the current shop requires it and the account has not. The server refuses the
 * shop's data to them anyway; this shows why, and the way out, instead of the menu.
 */
export const useVerifyLock = (): boolean => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  return Boolean(user && shop?.staffVerifyRequired === true && user.verified !== true)
}

/** "Please verify your email.": the code from the e-mail, or a new one (the verify page's pieces, in place of the shop's screens). */
export const VerifyGate = () => {
  const { t, tAny } = useT()
  const { user } = useSession()
  const [token, setToken] = useState('')
  const [tried, setTried] = useState(false)
  const errors = { token: checkCode(token) }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    // The session's account turns verified: the lock lifts and the menu and screen show.
    updateSessionUser(await verifyAccount(token.trim()))
    notifySuccess(t('auth.verified'))
  })
  const resend = useSubmit(async () => {
    await resendVerification()
    notifySuccess(t('auth.resent'))
  })
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 520, mx: 'auto', mt: 4 }} data-testid="verify-gate">
      <FormTitle subtitle={tAny('verifyGate.intro', { email: user?.email ?? '' })}>{tAny('verifyGate.title')}</FormTitle>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="verify-prompt">
        {t('auth.pleaseVerify')}
      </Alert>
      <Form onSubmit={(event) => void submit(event)} testId="verify-form">
        <Field
          label={t('auth.code')}
          autoComplete="one-time-code"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          error={errors.token}
          shown={tried}
          inputMode="numeric"
          testId="verify-code"
        />
        <SubmitButton busy={busy} testId="verify-submit">
          {t('auth.verify')}
        </SubmitButton>
        <Button onClick={() => void resend.submit()} disabled={resend.busy} data-testid="verify-resend">
          {t('auth.resend')}
        </Button>
      </Form>
    </Paper>
  )
}
