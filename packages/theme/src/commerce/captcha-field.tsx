import type { LocaleId } from '@emporia/shared'

/** The operator's captcha as a storefront form shows it (decision 0201): public key and script address. */
export interface CaptchaOffer {
  siteKey: string
  scriptUrl: string
}

/** hCaptcha's names of our three languages. */
const WIDGET_LANGUAGE: Record<LocaleId, string> = { en: 'en', cht: 'zh-TW', chs: 'zh-CN' }

/**
 * The widget's spot in a form; the captcha island (captcha-islands.ts) loads the script and draws it there.
 * Its refusal shows under it, as any field's.
 */
export const CaptchaField = ({ captcha, locale }: { captcha?: CaptchaOffer; locale: LocaleId }) =>
  captcha ? (
    <div className="ef-captcha">
      <div
        data-captcha
        data-captcha-key={captcha.siteKey}
        data-captcha-script={captcha.scriptUrl}
        data-captcha-lang={WIDGET_LANGUAGE[locale]}
      />
      <span className="ef-error" data-error-for="captchaToken" />
    </div>
  ) : null
