import { useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { password as checkPassword, sameAs, valid } from '../../components/ui/validation'
import { useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { resetPassword } from './api'

/** Reset password, step 3: the new password, with the verified code. */
export const ResetPasswordPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const search = useSearch({ strict: false }) as { email?: unknown; token?: unknown }
  const [values, setValues] = useState({ password: '', confirm: '' })
  const [tried, setTried] = useState(false)
  const errors = { password: checkPassword(values.password), confirm: sameAs(values.confirm, values.password) }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    await resetPassword(String(search.email ?? ''), String(search.token ?? ''), values.password)
    notifySuccess(t('auth.resetDone'))
    navigate('/login', { replace: true })
  })
  return (
    <>
      <FormTitle>{t('route.login/reset/reset')}</FormTitle>
      <Form onSubmit={(event) => void submit(event)} testId="reset-password-form">
        <Field
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={errors.password}
          shown={tried}
          testId={'reset-password'}
        />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(event) => setValues({ ...values, confirm: event.target.value })}
          error={errors.confirm}
          shown={tried}
          testId={'reset-confirm'}
        />
        <SubmitButton busy={busy} testId="reset-password-submit">
          {t('auth.setPassword')}
        </SubmitButton>
      </Form>
    </>
  )
}
