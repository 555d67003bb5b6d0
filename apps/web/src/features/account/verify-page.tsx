import { useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { Alert, Button } from '@mui/material'
import { useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { code as checkCode, valid } from '../../components/ui/validation'
import { updateSessionUser, useSession } from '../../lib/auth'
import { useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { resendVerification, verifyAccount } from './api'
import { safeReturn } from './return-target'

/** Verify account (spec §2.8, §4.4): the code from the e-mail, or send it again. */
export const VerifyPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const { user } = useSession()
  const search = useSearch({ strict: false }) as { redirect?: unknown }
  const [token, setToken] = useState('')
  const [tried, setTried] = useState(false)
  const errors = { token: checkCode(token) }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    updateSessionUser(await verifyAccount(token.trim()))
    notifySuccess(t('auth.verified'))
    navigate(safeReturn(search.redirect), { replace: true })
  })
  const resend = useSubmit(async () => {
    await resendVerification()
    notifySuccess(t('auth.resent'))
  })

  if (user?.verified) return <Alert severity="success">{t('auth.verified')}</Alert>
  return (
    <>
      <FormTitle subtitle={t('auth.verifyIntro', { email: user?.email ?? '' })}>{t('route.register/verify')}</FormTitle>
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
          testId={'verify-code'}
        />
        <SubmitButton busy={busy} testId="verify-submit">
          {t('auth.verify')}
        </SubmitButton>
        <Button onClick={() => void resend.submit()} disabled={resend.busy} data-testid="verify-resend">
          {t('auth.resend')}
        </Button>
      </Form>
    </>
  )
}
