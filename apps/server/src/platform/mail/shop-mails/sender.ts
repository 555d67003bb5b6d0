import type { Knex } from 'knex'
import type { AppConfig } from '../../../config'
import type { OutboxRow } from '../outbox'
import { SendGridProvider } from '../sendgrid-provider'
import { SmtpProvider } from '../smtp-provider'
import type { MailMessage, MailProvider, MailType } from '../types'
import { DKIM_SELECTOR, readMailSecret, readMailSettings, type MailSettingsRow } from './mail-settings'
import { isShopMailName, isShopMailType } from './shop-mail-types'

/** How one mail goes out: its provider, sender, reply address and DKIM signature (decision 0147). */
export interface SenderRoute {
  provider?: MailProvider
  from?: string
  replyTo?: string
  dkim?: MailMessage['dkim']
}

/** The shops whose own account (an SMTP account or a SendGrid key) sends their mail, as a subquery of shop ids. */
export type OwnAccountShops = (knex: Knex) => Knex.QueryBuilder

/**
 * Without the platform's sender (no MAIL_URL; decision 0169) a shop's own account still sends its mails:
 * an ordinary sender with its SMTP server set, or a SendGrid key whatever the sender type.
 */
export const shopsWithOwnAccount: OwnAccountShops = (knex) =>
  knex('shopMailSettings')
    .select('shop')
    .where({ senderType: 'ordinary' })
    .whereNotNull('smtpHost')
    .whereNotNull('smtpFrom')
    .union((union) => union.select('shop').from('shopSecrets').where({ name: 'mailSendgridKey' }))

/** Called by the outbox's drain for every mail before it is sent; undefined keeps the platform's sender. */
export type SenderResolver = (
  row: OutboxRow,
  platform: { provider: MailProvider; from: string }
) => Promise<SenderRoute | undefined>

/**
 * A send refused for a reason the shop can act on: the message starts with `[key]` so the mail log
 * shows it translated (decision 0148), whatever process recorded it.
 */
export class MailSendError extends Error {
  constructor(
    readonly key: string,
    message: string
  ) {
    super(`[${key}] ${message}`)
    this.name = 'MailSendError'
  }
}

/** The translation key at the start of a recorded failure, or a general one. */
export const reasonKeyOf = (lastError: string | null | undefined): string | null => {
  if (!lastError) return null
  return /^\[([\w.]+)\]/.exec(lastError)?.[1] ?? 'mail.sendFailed'
}

/** The storefronts' base host (PUBLIC_HOST, else the app's own host), as domains/eshop reads it. */
const baseHostOf = (config: Pick<AppConfig, 'publicHost' | 'publicUrl'>) =>
  (config.publicHost ?? new URL(config.publicUrl).hostname).toLowerCase().replace(/\.$/, '')

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim()

/** A display name safe in a From header: one line, no quotes or angle brackets. */
export const displayName = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"<>\\]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)

const mailbox = (name: string, address: string) => (name ? `"${displayName(name)}" <${address}>` : address)

/** Wraps a provider so an SMTP refusal or an API error is recorded with its reason key. */
const explained = (provider: MailProvider): MailProvider => ({
  name: provider.name,
  async send(message) {
    try {
      return await provider.send(message)
    } catch (error) {
      if (error instanceof MailSendError) throw error
      const text = error instanceof Error ? error.message : String(error)
      const code = (error as { responseCode?: number; code?: number | string }).responseCode
      throw new MailSendError(code ? 'mail.smtpRefused' : 'mail.sendFailed', text)
    }
  }
})

interface ShopRow {
  name: unknown
  subdomain: string
  shopEmail: string | null
}

const shopName = (name: unknown): string => {
  if (typeof name === 'string') return name
  if (name && typeof name === 'object') {
    const values = name as Record<string, unknown>
    const first = values.en ?? values.cht ?? values.chs ?? Object.values(values)[0]
    return typeof first === 'string' ? first : ''
  }
  return ''
}

export interface SenderResolverOptions {
  knex: Knex
  config: Pick<AppConfig, 'publicHost' | 'publicUrl'>
  /** Another SendGrid endpoint (tests). */
  sendgridBaseUrl?: string
}

/**
 * The shop's sender, read at send time (decision 0147), so a changed setting applies to mails still
 * waiting: `default` the platform's address in the shop's name, `subdomain` an address at the shop's
 * storefront host, `custom` an address at the shop's own verified domain (signed with its DKIM key),
 * `ordinary` the shop's SMTP account. A SendGrid key sends any of them through SendGrid. Replies go to
 * the shop's e-mail. A custom domain is the shop's only while it is verified for it and for no other
 * shop: else the mail fails with its reason and is tried again.
 */
export const createSenderResolver = (options: SenderResolverOptions) => {
  const { knex } = options
  const providers = new Map<string, MailProvider>()

  const cached = (key: string, make: () => MailProvider) => {
    let provider = providers.get(key)
    if (!provider) {
      for (const [old, stale] of providers)
        if (old.split('|')[0] === key.split('|')[0]) {
          providers.delete(old)
          void stale.close?.()
        }
      provider = make()
      providers.set(key, provider)
    }
    return provider
  }

  const resolve: SenderResolver = async (row, platform) => {
    if (!row.shop || !isShopMailType(row.type)) return undefined
    const shop = (await knex('shops').where({ _id: row.shop }).first('name', 'subdomain', 'shopEmail')) as ShopRow | undefined
    if (!shop) return undefined
    const settings = await readMailSettings(knex, row.shop)
    const name = settings?.senderName || shopName(shop.name)
    const replyTo = shop.shopEmail ?? undefined
    const type = settings?.senderType ?? 'default'
    const local = settings?.senderLocal || 'no-reply'
    const route: SenderRoute = { replyTo }
    if (type === 'default') route.from = mailbox(name, addressOf(platform.from))
    else if (type === 'subdomain') route.from = mailbox(name, `${local}@${shop.subdomain}.${baseHostOf(options.config)}`)
    else if (type === 'custom') {
      const domain = settings?.customDomain
      if (!domain || !settings?.domainVerifiedAt)
        throw new MailSendError('mail.domainNotVerified', 'The shop’s sending domain is not verified')
      await assertOwnDomain(knex, row.shop, domain)
      route.from = mailbox(name, `${local}@${domain}`)
      const privateKey = await readMailSecret(knex, row.shop, 'mailDkimKey')
      if (privateKey) route.dkim = { domainName: domain, keySelector: settings.dkimSelector ?? DKIM_SELECTOR, privateKey }
    } else {
      route.from = mailbox(name, settings?.smtpFrom ?? '')
    }
    route.provider = explained(await providerFor(row.shop, settings, type, platform.provider, route.from))
    return route
  }

  const providerFor = async (
    shop: string,
    settings: MailSettingsRow | null,
    type: string,
    platform: MailProvider,
    from: string
  ): Promise<MailProvider> => {
    const version = settings ? new Date(settings.updatedAt).getTime() : 0
    const apiKey = settings ? await readMailSecret(knex, shop, 'mailSendgridKey') : null
    if (settings && apiKey) {
      const templateIds: Partial<Record<MailType, string>> = {}
      for (const [key, id] of Object.entries(settings.templateIds ?? {}))
        if (isShopMailName(key) && typeof id === 'string' && id) templateIds[`shop.${key}`] = id
      return cached(
        `${shop}|sendgrid|${version}`,
        () => new SendGridProvider({ apiKey, from, templateIds, baseUrl: options.sendgridBaseUrl })
      )
    }
    if (type !== 'ordinary' || !settings) return platform
    if (!settings.smtpHost || !settings.smtpFrom)
      throw new MailSendError('mail.smtpMissing', 'The shop’s SMTP account is not set up')
    const password = await readMailSecret(knex, shop, 'mailSmtpPassword')
    const url = new URL(`${settings.smtpSecure ? 'smtps' : 'smtp'}://${settings.smtpHost}`)
    if (settings.smtpPort) url.port = String(settings.smtpPort)
    if (settings.smtpUser) url.username = settings.smtpUser
    if (password) url.password = password
    return cached(`${shop}|smtp|${version}`, () => new SmtpProvider(url.toString(), { pool: false }))
  }

  return Object.assign(resolve, {
    ownAccountShops: shopsWithOwnAccount,
    async close() {
      await Promise.all([...providers.values()].map((provider) => provider.close?.()))
      providers.clear()
    }
  })
}

/**
 * One shop cannot send as another's domain (decision 0147): the name must not be verified as another
 * shop's sending domain nor be another shop's verified storefront domain.
 */
export const assertOwnDomain = async (knex: Knex, shop: string, domain: string) => {
  const name = domain.toLowerCase()
  const mail = await knex('shopMailSettings')
    .whereRaw('lower("customDomain") = ?', [name])
    .whereNotNull('domainVerifiedAt')
    .whereNot({ shop })
    .first('_id')
  const site = await knex('domains')
    .whereRaw('lower(name) = ?', [name])
    .where({ status: 'verified' })
    .whereNot({ shop })
    .first('_id')
  if (mail || site) throw new MailSendError('mail.domainTaken', 'This domain belongs to another shop')
}
