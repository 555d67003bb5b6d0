import { useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { code as checkCode, email as checkEmail, valid } from '../../components/ui/validation'
import { useT } from '../../lib/i18n/i18n'
import { verifyReset } from './api'

const q = (value: string) => encodeURIComponent(JSON.stringify(value))

/** Reset password, step 2: check the 6-digit code before asking for a new password. */
export const ResetVerifyPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const search = useSearch({ strict: false }) as { email?: unknown }
  const [values, setValues] = useState({ email: typeof search.email === 'string' ? search.email : '', token: '' })
  const [tried, setTried] = useState(false)
  const errors = { email: checkEmail(values.email), token: checkCode(values.token) }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    await verifyReset(values.email.trim(), values.token.trim())
    navigate(`/login/reset/reset?email=${q(values.email.trim())}&token=${q(values.token.trim())}`)
  })
  return (
    <>
      <FormTitle subtitle={t('auth.codeSent')}>{t('route.login/reset/verify')}</FormTitle>
      <Form onSubmit={(event) => void submit(event)} testId="reset-verify-form">
        <Field
          label={t('auth.email')}
          type="email"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={errors.email}
          shown={tried}
          testId={'reset-verify-email'}
        />
        <Field
          label={t('auth.code')}
          autoComplete="one-time-code"
          value={values.token}
          onChange={(event) => setValues({ ...values, token: event.target.value })}
          error={errors.token}
          shown={tried}
          inputMode="numeric"
          testId={'reset-code'}
        />
        <SubmitButton busy={busy} testId="reset-verify-submit">
          {t('auth.verifyCode')}
        </SubmitButton>
      </Form>
    </>
  )
}
