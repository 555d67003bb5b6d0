import { fallbackLocale, locales, type LocaleId } from '@emporia/shared'
import { mailMessages } from './messages'
import type { PlatformMailType } from './types'

export interface RenderedMail {
  subject: string
  html: string
  text: string
  /** The caller's values plus the localised `expiresIn`, for providers with templates of their own. */
  values: Record<string, string | number>
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => entities[char])

// How long a code stays valid when the caller does not say (the account flows own the real expiry).
const defaultMinutes: Partial<Record<PlatformMailType, number>> = { verify: 24 * 60, resetPassword: 15, shopSignIn: 10 }

export const localiseMinutes = (minutes: number, locale: LocaleId): string => {
  const strings = mailMessages[locale] ?? mailMessages[fallbackLocale]
  return minutes >= 60 && minutes % 60 === 0 ? strings.hours(minutes / 60) : strings.minutes(minutes)
}

const fill = (template: string, values: Record<string, string | number>, escape: (value: string) => string) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? escape(String(values[key])) : match))

const plain = (value: string) => value

/** The caller values a shop or a user typed: quoted in the body only, never in a subject (decision 0123). */
export const QUOTED_KEYS = ['shopName', 'inviter', 'name'] as const
export const QUOTED_MAX_CHARS = 60

/**
 * Makes a shop-controlled text safe to quote in a mail we send to any address: one line (control,
 * format and bidi characters out, white space collapsed), at most 60 characters with an ellipsis,
 * and no link a mail client would make clickable (the dot, `@` and `://` of a host or address are
 * swapped for look-alikes). Our own mails must not carry a shop's "your bank account is suspended,
 * visit …" letter (decision 0123). HTML escaping stays the template's job.
 */
export const quoteText = (value: string, max = QUOTED_MAX_CHARS): string => {
  const line = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = Array.from(line)
  const cut = chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : line
  return cut.replace(/:\/\//g, '\u2236//').replace(/(?<=\S)[.@](?=\S)/g, (char) => (char === '.' ? '\u2024' : '\uff20'))
}

const withoutQuoted = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !(QUOTED_KEYS as readonly string[]).includes(key)))

const paragraph = (inner: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${inner}</p>`

// Inline styles only: mail clients drop <style> blocks and external sheets.
const htmlPage = (lang: string, subject: string, before: string[], code: string | undefined, after: string[], footer: string) =>
  [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${subject}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;color:#212121;',
    `font-family:Arial,'PingFang TC','Microsoft JhengHei','PingFang SC','Microsoft YaHei',sans-serif">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    ...before.map(paragraph),
    code
      ? '<p style="margin:8px 0 24px;padding:16px;background:#f0f4f8;border-radius:6px;text-align:center;' +
        `font:bold 32px/1.2 Consolas,Menlo,monospace;letter-spacing:8px">${code}</p>`
      : '',
    ...after.map(paragraph),
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#757575">${footer}</p>`,
    '</body></html>'
  ].join('\n')

/**
 * Renders one mail in one language. Caller values are HTML-escaped in the HTML part; `minutes`
 * (a number) becomes the localised `expiresIn`, unless the caller passes `expiresIn` itself.
 */
export const renderMail = (type: PlatformMailType, locale: LocaleId, values: Record<string, string | number>): RenderedMail => {
  const strings = mailMessages[locale] ?? mailMessages[fallbackLocale]
  const lang = (locales.find((entry) => entry.id === locale) ?? locales[0]).locale
  const wording = strings.mails[type]
  const expiry = defaultMinutes[type]
  const all: Record<string, string | number> = { ...values }
  for (const key of QUOTED_KEYS) if (values[key] !== undefined) all[key] = quoteText(String(values[key]))
  // Only the mails with an expiry carry a code; a stray `code` value on another mail is never shown.
  const code = expiry === undefined || values.code === undefined ? undefined : String(values.code)
  if (expiry !== undefined) {
    if (!code) throw new Error(`A ${type} mail needs a code`)
    const minutes = Number(values.minutes)
    all.expiresIn ??= localiseMinutes(Number.isFinite(minutes) && minutes > 0 ? minutes : expiry, locale)
  }

  const name = all.name === undefined ? '' : String(all.name)
  const greeting = name ? strings.greeting : strings.greetingNoName
  const before = [greeting, ...wording.before]
  const after = [...wording.after, strings.signature]

  // A subject is fixed wording: it is what a phishing letter would borrow first (decision 0123).
  const subject = fill(wording.subject, withoutQuoted(all), plain)
  const named = { ...all, name }
  const html = htmlPage(
    lang,
    escapeHtml(subject),
    before.map((line) => fill(line, named, escapeHtml)),
    code === undefined ? undefined : escapeHtml(code),
    after.map((line) => fill(line, named, escapeHtml)),
    strings.footer
  )
  const textBlocks = [
    ...before.map((line) => fill(line, named, plain)),
    ...(code ? [`    ${code}`] : []),
    ...after.map((line) => fill(line, named, plain)),
    `--\n${strings.footer}`
  ]
  return { subject, html, text: textBlocks.join('\n\n') + '\n', values: all }
}
