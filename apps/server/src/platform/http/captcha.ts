import { BadRequest, Unavailable } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'

/** hCaptcha's own addresses (decision 0201); tests and self-hosted setups point both elsewhere. */
export const HCAPTCHA_SCRIPT_URL = 'https://js.hcaptcha.com/1/api.js'
export const HCAPTCHA_VERIFY_URL = 'https://api.hcaptcha.com/siteverify'

/** The operator's captcha settings, from the environment (decision 0201). */
export interface CaptchaConfig {
  siteKey?: string
  secret?: string
  verifyUrl: string
  scriptUrl: string
}

/** What a browser needs to show the widget: public, sent to anyone. */
export interface CaptchaWidget {
  siteKey: string
  scriptUrl: string
}

/** The field every door reads the widget's answer from. */
export const CAPTCHA_FIELD = 'captchaToken'

const httpUrl = (name: string, value: string) => {
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw new Error(`${name}=${value}: an http(s) address is needed`)
  return value
}

/** One key without the other is a half-done setup: the start stops rather than running without the wall. */
export const captchaConfig = (env: NodeJS.ProcessEnv): CaptchaConfig => {
  const siteKey = env.CAPTCHA_SITE_KEY?.trim() || undefined
  const secret = env.CAPTCHA_SECRET?.trim() || undefined
  if (Boolean(siteKey) !== Boolean(secret))
    throw new Error('CAPTCHA_SITE_KEY and CAPTCHA_SECRET go together: set both (captcha on) or neither (off)')
  return {
    siteKey,
    secret,
    verifyUrl: httpUrl('CAPTCHA_VERIFY_URL', env.CAPTCHA_VERIFY_URL?.trim() || HCAPTCHA_VERIFY_URL),
    scriptUrl: httpUrl('CAPTCHA_SCRIPT_URL', env.CAPTCHA_SCRIPT_URL?.trim() || HCAPTCHA_SCRIPT_URL)
  }
}

/** The widget to show, or undefined while the captcha is off. */
export const captchaWidget = (config: CaptchaConfig): CaptchaWidget | undefined =>
  config.siteKey && config.secret ? { siteKey: config.siteKey, scriptUrl: config.scriptUrl } : undefined

/**
 * Origins a page showing the widget must allow (CSP). hCaptcha's script frames and calls its other hosts;
 * a script elsewhere (the test double, a proxy) is that one origin.
 */
export const captchaOrigins = (config: CaptchaConfig) => {
  if (!captchaWidget(config)) return undefined
  const origin = new URL(config.scriptUrl).origin
  const hcaptcha = origin === new URL(HCAPTCHA_SCRIPT_URL).origin
  const hosts = hcaptcha
    ? [origin, 'https://hcaptcha.com', 'https://newassets.hcaptcha.com', 'https://api.hcaptcha.com']
    : [origin]
  return { script: [origin], frame: hosts, connect: hosts }
}

export const captchaRefused = () =>
  new BadRequest('Please confirm you are not a robot', { key: 'errors.captcha', field: CAPTCHA_FIELD })

/**
 * Checks a widget's token with the siteverify API (form-encoded secret, response, remote IP, site key).
 * Off: nothing is checked. The provider unreachable: refused as unavailable, never let through.
 */
export const verifyCaptcha = async (config: CaptchaConfig, token: unknown, address?: string): Promise<void> => {
  if (!captchaWidget(config)) return
  if (typeof token !== 'string' || !token || token.length > 8192) throw captchaRefused()
  const form = new URLSearchParams({ secret: config.secret ?? '', response: token, sitekey: config.siteKey ?? '' })
  if (address) form.set('remoteip', address)
  let answer: { success?: unknown }
  try {
    const response = await fetch(config.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) })
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`)
    answer = (await response.json()) as { success?: unknown }
  } catch {
    throw new Unavailable('The captcha could not be checked; try again', { key: 'errors.captchaUnavailable' })
  }
  if (answer.success !== true) throw captchaRefused()
}

/**
 * A service hook for a public door (registration, a reset request): external calls, over REST and socket
 * alike, carry a solved widget's token when the captcha is on. The token never reaches the service's data.
 * The server's own calls (`provider` unset) are not asked.
 */
export const requireCaptcha =
  (config: CaptchaConfig, applies: (data: Record<string, unknown>) => boolean = () => true) =>
  async (context: HookContext) => {
    const sent = context.data as unknown
    // Anything but one object is refused by the services themselves; it is never a way past the check.
    const data = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {}
    const token = data[CAPTCHA_FIELD]
    delete data[CAPTCHA_FIELD]
    if (!context.params.provider || !applies(data)) return
    await verifyCaptcha(config, token, (context.params as { address?: string }).address)
  }
