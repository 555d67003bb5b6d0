import { useState } from 'react'
import { Paper } from '@mui/material'
import { useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, SubmitButton, useSubmit } from '../../components/ui/form'
import { password as checkPassword, required, sameAs, valid } from '../../components/ui/validation'
import { useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { changePassword } from './api'

/** Profile: change password with the current one (spec §2.8, §7.2). */
export const ChangePasswordPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const [values, setValues] = useState({ oldPassword: '', password: '', confirm: '' })
  const [tried, setTried] = useState(false)
  const errors = {
    oldPassword: required(values.oldPassword),
    password: checkPassword(values.password),
    confirm: sameAs(values.confirm, values.password)
  }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    await changePassword(values.oldPassword, values.password)
    notifySuccess(t('basic.saveSuccess'))
    navigate('/profile')
  })
  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <Field
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={errors[name]}
      shown={tried}
      testId={`password-${name}`}
    />
  )
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
      <Form onSubmit={(event) => void submit(event)} testId="change-password-form">
        {field('oldPassword', t('auth.oldPassword'), 'current-password')}
        {field('password', t('auth.newPassword'), 'new-password')}
        {field('confirm', t('auth.confirmPassword'), 'new-password')}
        <SubmitButton busy={busy} testId="password-submit">
          {t('basic.save')}
        </SubmitButton>
      </Form>
    </Paper>
  )
}
