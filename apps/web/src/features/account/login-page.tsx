import { useState } from 'react'
import { Link, Stack } from '@mui/material'
import { useSearch } from '@tanstack/react-router'
import { AppLink, useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { email as checkEmail, required, valid } from '../../components/ui/validation'
import { signIn } from '../../lib/auth'
import { useFeatures } from '../../lib/features'
import { useT } from '../../lib/i18n/i18n'
import { LoginCodeStep } from './login-code-step'
import { safeReturn, withReturn } from './return-target'

export const LoginPage = () => {
  const { t } = useT()
  const features = useFeatures()
  const navigate = useAppNavigate()
  const search = useSearch({ strict: false }) as { redirect?: unknown }
  const [values, setValues] = useState({ email: '', password: '' })
  const [tried, setTried] = useState(false)
  /** Two-step sign-in on (decision 0136): the password was right, the code comes next. */
  const [codeStep, setCodeStep] = useState(false)
  const errors = { email: checkEmail(values.email), password: required(values.password) }

  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    try {
      await signIn(values.email.trim(), values.password)
    } catch (error) {
      if ((error as { data?: { key?: string } })?.data?.key !== 'errors.twoStepRequired') throw error
      setCodeStep(true)
      return
    }
    navigate(safeReturn(search.redirect), { replace: true })
  })

  if (codeStep)
    return (
      <LoginCodeStep
        onCode={async (code) => {
          await signIn(values.email.trim(), values.password, code)
          navigate(safeReturn(search.redirect), { replace: true })
        }}
        onBack={() => setCodeStep(false)}
      />
    )

  return (
    <>
      <FormTitle>{t('route.login')}</FormTitle>
      <Form onSubmit={(event) => void submit(event)} testId="login-form">
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          error={errors.email}
          shown={tried}
          testId={'login-email'}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={errors.password}
          shown={tried}
          testId={'login-password'}
        />
        <SubmitButton busy={busy} testId="login-submit">
          {t('auth.login')}
        </SubmitButton>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component={AppLink} href="/login/reset" data-testid="link-reset">
            {t('auth.forgot')}
          </Link>
          {features.register && (
            <Link component={AppLink} href={withReturn('/register', search.redirect)} data-testid="link-register">
              {t('auth.noAccount')}
            </Link>
          )}
        </Stack>
      </Form>
    </>
  )
}
