import { useRef, useState, type ReactNode } from 'react'
import HCaptcha from '@hcaptcha/react-hcaptcha'
import { Box } from '@mui/material'
import type { LocaleId } from '@emporia/shared'
import { useFeatures } from '../../lib/features'
import { useT } from '../../lib/i18n/i18n'

/** hCaptcha's names of our three languages. */
const WIDGET_LANGUAGE: Record<LocaleId, string> = { en: 'en', cht: 'zh-TW', chs: 'zh-CN' }

/**
 * The operator's captcha on a signed-out form (decision 0201), when the server offers one: the widget, the
 * token for the call, and a fresh widget after each call (hCaptcha takes a token once). The server refuses a
 * call without a good token, in the user's language; the form sends what it has.
 */
export const useCaptcha = (): { field: ReactNode; body: () => { captchaToken?: string }; reset: () => void } => {
  const { captcha } = useFeatures()
  const { language } = useT()
  const widget = useRef<HCaptcha>(null)
  const [token, setToken] = useState('')
  if (!captcha) return { field: null, body: () => ({}), reset: () => undefined }
  return {
    field: (
      <Box data-testid="captcha" sx={{ minHeight: 78 }}>
        <HCaptcha
          // A new language draws the widget again in it.
          key={language}
          ref={widget}
          sitekey={captcha.siteKey}
          scriptSource={captcha.scriptUrl}
          languageOverride={WIDGET_LANGUAGE[language]}
          // No error reports to a third party from our pages.
          sentry={false}
          onVerify={setToken}
          onExpire={() => setToken('')}
        />
      </Box>
    ),
    body: () => ({ captchaToken: token }),
    reset: () => {
      setToken('')
      widget.current?.resetCaptcha()
    }
  }
}
