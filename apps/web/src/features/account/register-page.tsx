import { useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { Checkbox, FormControlLabel, FormHelperText, Link } from '@mui/material'
import { AppLink, useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { email as checkEmail, password as checkPassword, required, sameAs, valid } from '../../components/ui/validation'
import { register } from '../../lib/auth'
import { useFeatures } from '../../lib/features'
import { i18n, useT } from '../../lib/i18n/i18n'
import { safeReturn, withReturn } from './return-target'
import { useCaptcha } from './captcha-field'

/** Register (spec §2.8): invite code when codes are on, the captcha when the operator set one, and the terms box. */
export const RegisterPage = () => {
  const { t } = useT()
  const features = useFeatures()
  const navigate = useAppNavigate()
  const search = useSearch({ strict: false }) as { redirect?: unknown }
  const [values, setValues] = useState({ email: '', password: '', confirm: '', inviteCode: '', terms: false })
  const [tried, setTried] = useState(false)
  const captcha = useCaptcha()
  const errors = {
    email: checkEmail(values.email),
    password: checkPassword(values.password),
    confirm: sameAs(values.confirm, values.password),
    inviteCode: features.inviteCode ? required(values.inviteCode) : undefined,
    terms: values.terms ? undefined : i18n.t('errors.terms')
  }

  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    await register({
      email: values.email.trim(),
      password: values.password,
      ...(features.inviteCode ? { inviteCode: values.inviteCode.trim() } : {}),
      ...captcha.body()
    }).finally(captcha.reset)
    // A new account has no shop: the dashboard sends it to the setup wizard, and prompts verification.
    // A return target (an invitation mail's link) is kept through verification (decision 0134).
    navigate(features.verify ? withReturn('/register/verify', search.redirect) : safeReturn(search.redirect), { replace: true })
  })

  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch })
  return (
    <>
      <FormTitle>{t('route.register')}</FormTitle>
      <Form onSubmit={(event) => void submit(event)} testId="register-form">
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set({ email: event.target.value })}
          error={errors.email}
          shown={tried}
          testId={'register-email'}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => set({ password: event.target.value })}
          error={errors.password}
          shown={tried}
          testId={'register-password'}
        />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(event) => set({ confirm: event.target.value })}
          error={errors.confirm}
          shown={tried}
          testId={'register-confirm'}
        />
        {features.inviteCode && (
          <Field
            label={t('auth.inviteCode')}
            value={values.inviteCode}
            onChange={(event) => set({ inviteCode: event.target.value })}
            error={errors.inviteCode}
            shown={tried}
            testId={'register-invite'}
          />
        )}
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.terms}
                onChange={(event) => set({ terms: event.target.checked })}
                slotProps={{ input: { 'data-testid': 'register-terms' } as object }}
              />
            }
            label={t('auth.agreeTerms')}
          />
          {tried && errors.terms && (
            <FormHelperText error data-testid="register-terms-error">
              {errors.terms}
            </FormHelperText>
          )}
        </div>
        {captcha.field}
        <SubmitButton busy={busy} testId="register-submit">
          {t('auth.register')}
        </SubmitButton>
        <Link component={AppLink} href={withReturn('/login', search.redirect)} data-testid="link-login">
          {t('auth.haveAccount')}
        </Link>
      </Form>
    </>
  )
}
