import Taro from '@tarojs/taro'
import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { errorText } from '../../lib/errors'
import { pageUrl } from '../../lib/query'
import { isWeapp } from '../../lib/runtime'
import { emailSignIn, platformSignIn, requestEmailCode } from '../../lib/session'
import { useLocale } from '../../lib/use-locale'

/** Sign in: the platform's login inside the messaging app; the storefront's e-mail code on H5. */
export default function SignInPage() {
  const { locale, t } = useLocale()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [name, setName] = useState('')
  const [step, setStep] = useState<'email' | 'code' | 'register'>('email')
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ error?: boolean; text: string }>()
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setNote(undefined)
    try {
      await work()
    } catch (error) {
      setNote({ error: true, text: errorText(error, locale) })
    } finally {
      setBusy(false)
    }
  }
  const done = () => {
    setNote({ text: t('signIn.done') })
    void Taro.redirectTo({ url: pageUrl('orders') })
  }
  const weapp = isWeapp()
  return (
    <View className="page sign-in">
      {weapp ? (
        <Button
          className="platform-sign-in"
          type="primary"
          disabled={busy}
          onClick={() => void run(async () => (await platformSignIn(), done()))}
        >
          {t('signIn.platform')}
        </Button>
      ) : (
        <View className="email-sign-in">
          <Text className="label">{t('signIn.email')}</Text>
          <Input className="input sign-in-email" type="text" value={email} onInput={(event) => setEmail(event.detail.value)} />
          {step !== 'email' ? (
            <View>
              <Text className="label">{t('signIn.code')}</Text>
              <Input className="input sign-in-code" type="number" value={code} onInput={(event) => setCode(event.detail.value)} />
            </View>
          ) : null}
          {step === 'register' ? (
            <View>
              <Text className="label">{t('signIn.register')}</Text>
              <Input className="input sign-in-name" value={name} onInput={(event) => setName(event.detail.value)} />
            </View>
          ) : null}
          {step === 'email' ? (
            <Button
              className="send-code"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await requestEmailCode(email, locale)
                  setStep('code')
                  setNote({ text: t('signIn.codeSent') })
                })
              }
            >
              {t('signIn.sendCode')}
            </Button>
          ) : (
            <Button
              className="submit-code"
              type="primary"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  const answer = await emailSignIn(email, code, locale, step === 'register' ? name : undefined)
                  if (answer.register) setStep('register')
                  else done()
                })
              }
            >
              {t('signIn.submit')}
            </Button>
          )}
        </View>
      )}
      {note ? <Text className={note.error ? 'error-text' : 'note'}>{note.text}</Text> : null}
    </View>
  )
}
