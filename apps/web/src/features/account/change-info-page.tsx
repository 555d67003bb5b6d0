import { useState } from 'react'
import { Paper } from '@mui/material'
import { useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, SubmitButton, useSubmit } from '../../components/ui/form'
import { updateSessionUser, useSession } from '../../lib/auth'
import { useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { changeInfo } from './api'

/** Profile: title, first and last name (spec §2.8). */
export const ChangeInfoPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const { user } = useSession()
  const [values, setValues] = useState({
    title: user?.title ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? ''
  })
  const { busy, submit } = useSubmit(async () => {
    if (!user) return
    updateSessionUser(await changeInfo(user._id, values))
    notifySuccess(t('basic.saveSuccess'))
    navigate('/profile')
  })
  const field = (name: keyof typeof values, label: string) => (
    <Field
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      shown={false}
      testId={`info-${name}`}
    />
  )
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
      <Form onSubmit={(event) => void submit(event)} testId="change-info-form">
        {field('title', t('auth.title'))}
        {field('firstName', t('auth.firstName'))}
        {field('lastName', t('auth.lastName'))}
        <SubmitButton busy={busy} testId="info-submit">
          {t('basic.save')}
        </SubmitButton>
      </Form>
    </Paper>
  )
}
