import { useState } from 'react'
import { Link } from '@mui/material'
import { AppLink, useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { email as checkEmail, valid } from '../../components/ui/validation'
import { useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { requestReset } from './api'
import { useCaptcha } from './captcha-field'

/** Reset password, step 1: ask for a code by e-mail. */
export const ResetRequestPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const [email, setEmail] = useState('')
  const [tried, setTried] = useState(false)
  const captcha = useCaptcha()
  const errors = { email: checkEmail(email) }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    await requestReset(email.trim(), captcha.body()).finally(captcha.reset)
    // The server answers the same for unknown addresses, and so does this message.
    notifySuccess(t('auth.codeSent'))
    navigate(`/login/reset/verify?email=${encodeURIComponent(JSON.stringify(email.trim()))}`)
  })
  return (
    <>
      <FormTitle subtitle={t('auth.resetIntro')}>{t('route.login/reset')}</FormTitle>
      <Form onSubmit={(event) => void submit(event)} testId="reset-request-form">
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          shown={tried}
          testId={'reset-email'}
        />
        {captcha.field}
        <SubmitButton busy={busy} testId="reset-request-submit">
          {t('auth.sendCode')}
        </SubmitButton>
        <Link component={AppLink} href="/login">
          {t('basic.back')}
        </Link>
      </Form>
    </>
  )
}
