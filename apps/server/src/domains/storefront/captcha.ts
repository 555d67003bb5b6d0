import { captchaOrigins, captchaWidget, type CaptchaConfig } from '../../platform/http/captcha'
import type { PageOrigins } from './routes'

/** The widget a storefront page shows and the origins its CSP then allows; undefined while the captcha is off. */
export const pageCaptcha = (config: CaptchaConfig) => {
  const widget = captchaWidget(config)
  const origins = captchaOrigins(config)
  return widget && origins ? { widget, origins } : undefined
}

/** A page's `allow` with both sets of origins (the card provider's, the captcha's), or nothing when neither. */
export const withOrigins = (one?: PageOrigins, other?: PageOrigins): { allow?: PageOrigins } => {
  if (!one && !other) return {}
  const join = (key: keyof PageOrigins) => [...(one?.[key] ?? []), ...(other?.[key] ?? [])]
  return { allow: { script: join('script'), connect: join('connect'), frame: join('frame') } }
}
