import { createElement } from 'react'
import { render } from '@react-email/render'
import { fallbackLocale, locales, type LocaleId } from '@emporia/shared'
import { quoteText } from '../templates'
import { shopMailMessages } from './shop-mail-messages'
import { ShopMail } from './shop-mail-template'
import { toShopMails, type ShopMailData, type ShopMailName } from './shop-mail-types'

export interface RenderedShopMail {
  subject: string
  html: string
  text: string
}

/** Why a mail could not be made: a translation key and the English text (decision 0148). */
export class MailInputError extends Error {
  constructor(
    message: string,
    readonly key: string,
    readonly field?: string
  ) {
    super(message)
    this.name = 'MailInputError'
  }
}

// CR, LF and the other control characters would let a value write mail headers of its own.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u

/** Refuses a text bound for a mail header (a subject, a sender's name) that carries a line break or control character. */
export const assertHeaderSafe = (value: string, field: string) => {
  if (CONTROL.test(value))
    throw new MailInputError(`${field} must be one line without control characters`, 'mail.headerInjection', field)
}

const HEX = /^#[0-9a-f]{6}$/i
export const DEFAULT_BRAND_COLOR = '#1e6bd6'

const fillWith = (values: Record<string, string>) => (text: string) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match)

/**
 * Renders one shop mail in one language (decision 0147): HTML through react-email and its plain-text
 * part from the same tree. Shop-typed names are quoted on one line (decision 0123); the subject is
 * checked for header injection after it is filled.
 */
export const renderShopMail = async (name: ShopMailName, locale: LocaleId, data: ShopMailData): Promise<RenderedShopMail> => {
  const strings = shopMailMessages[locale] ?? shopMailMessages[fallbackLocale]
  const wording = strings.mails[name]
  const lang = (locales.find((entry) => entry.id === locale) ?? locales[0]).locale
  const tag = lang === 'en-us' ? 'en-HK' : lang
  const order = data.order
  if (!order && name !== 'passwordChanged' && name !== 'resetPasswordShop')
    throw new MailInputError(`A ${name} mail needs its order`, 'mail.renderFailed')
  if (name === 'resetPasswordShop' && !data.code)
    throw new MailInputError('A resetPasswordShop mail needs a code', 'mail.renderFailed')
  if (order) assertHeaderSafe(order.orderId, 'orderId')
  const values: Record<string, string> = {
    orderId: order?.orderId ?? '',
    name: quoteText(data.name ?? order?.customerName ?? ''),
    shop: quoteText(data.brand.name),
    tracking: order?.tracking ?? ''
  }
  const fill = fillWith(values)
  const subject = fill(wording.subject)
  assertHeaderSafe(subject, 'subject')
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'HKD' })
  const dates = new Intl.DateTimeFormat(tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: data.timeZone || 'Asia/Hong_Kong'
  })
  const brand = { ...data.brand, color: HEX.test(data.brand.color) ? data.brand.color : DEFAULT_BRAND_COLOR }
  const element = createElement(ShopMail, {
    name,
    lang,
    strings,
    wording,
    data: { ...data, brand, name: data.name ?? order?.customerName },
    fill,
    money: (cents: number) => money.format(cents / 100),
    date: (iso: string) => dates.format(new Date(iso)),
    toShop: toShopMails.includes(name)
  })
  try {
    const html = await render(element)
    const text = await render(element, { plainText: true })
    return { subject, html, text }
  } catch (error) {
    throw Object.assign(new MailInputError(`The ${name} template could not be rendered`, 'mail.renderFailed'), { cause: error })
  }
}
