import { useState } from 'react'
import { Button } from '@mui/material'
import { Field, Form, FormTitle, SubmitButton, useSubmit } from '../../components/ui/form'
import { required, valid } from '../../components/ui/validation'
import { useT } from '../../lib/i18n/i18n'

/**
 * The second step of a sign-in with two-step on (decision 0136): the 6-digit code from the
 * authenticator app, or a recovery code. The e-mail and password of the first step go again with it.
 */
export const LoginCodeStep = ({ onCode, onBack }: { onCode: (code: string) => Promise<void>; onBack: () => void }) => {
  const { t } = useT()
  const [code, setCode] = useState('')
  const [tried, setTried] = useState(false)
  const errors = { code: required(code) }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    try {
      await onCode(code.trim())
    } catch (error) {
      // A used or wrong code is not typed over: the next one starts empty.
      setCode('')
      throw error
    }
  })
  return (
    <>
      <FormTitle subtitle={t('auth.twoStepHint')}>{t('auth.twoStepTitle')}</FormTitle>
      <Form onSubmit={(event) => void submit(event)} testId="login-code-form">
        <Field
          label={t('auth.twoStepCode')}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
          shown={tried}
          testId="login-code"
        />
        <SubmitButton busy={busy} testId="login-code-submit">
          {t('auth.twoStepVerify')}
        </SubmitButton>
        <Button onClick={onBack} data-testid="login-code-back">
          {t('auth.twoStepBack')}
        </Button>
      </Form>
    </>
  )
}
