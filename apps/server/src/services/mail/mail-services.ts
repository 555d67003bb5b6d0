import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import {
  isLocaleId,
  isObjectId,
  mailSenderTypes,
  mailStates,
  servicePaths,
  shopMailTemplates,
  type MailLogEntry,
  type MailLogQuery,
  type MailPreviewData,
  type MailSettings,
  type MailSettingsData,
  type ShopMailTemplate
} from '@emporia/shared'
import {
  checkMailDns,
  checkLocalPart,
  checkMailDomain,
  checkSenderName,
  DKIM_SELECTOR,
  MAIL_SETTINGS,
  mailDnsRecords,
  newDkimKeys,
  readMailSettings,
  type MailSettingsRow
} from '../../platform/mail/shop-mails/mail-settings'
import { makeResolver, type DnsLookup } from '../../domains/eshop/domains/dns-check'
import { Throttle } from '../authentication/authentication'
import { publicHostOf } from '../../domains/eshop/domains/storefront-host'
import { shopBrand } from '../../domains/orders/order-mails'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { newObjectId } from '../../platform/http/object-id'
import { MailInputError, renderShopMail } from '../../platform/mail/shop-mails/render-shop-mail'
import { sampleMailData } from '../../platform/mail/shop-mails/sample-order'
import { assertOwnDomain, MailSendError, reasonKeyOf } from '../../platform/mail/shop-mails/sender'
import { OUTBOX } from '../../platform/mail/outbox'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { shopSecretsSet, writeShopSecrets } from '../../platform/secrets/shop-secrets'
import { SENDGRID_EVENTS_PATH, webhookKeyValid } from './sendgrid-events'

const bad = (field: string, message: string, key: string) => new BadRequest(message, { key, field })

/** A mail input error as the screen shows it: a 400 naming the field, with its translation key. */
const asHttp = (error: unknown): never => {
  if (error instanceof MailInputError) throw bad(error.field ?? 'template', error.message, error.key)
  if (error instanceof MailSendError) throw new Conflict(error.message, { key: error.key, field: 'customDomain' })
  throw error
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)

/** The SPF include the platform's senders are named by (MAIL_SPF_INCLUDE), else `_spf.<public host>`. */
const spfIncludeOf = (context: ServiceContext) => process.env.MAIL_SPF_INCLUDE || `_spf.${publicHostOf(context.config)}`

const view = async (context: ServiceContext, knex: Knex, shop: string, row: MailSettingsRow | null): Promise<MailSettings> => {
  const set = await shopSecretsSet(knex, shop)
  const subdomain = ((await knex('shops').where({ _id: shop }).first('subdomain')) as { subdomain: string }).subdomain
  const type = row?.senderType ?? 'default'
  const local = row?.senderLocal || 'no-reply'
  const records =
    row?.customDomain && row.dkimPublicKey
      ? mailDnsRecords(row.customDomain, row.dkimPublicKey, spfIncludeOf(context)).map((record) => ({
          ...record,
          status: row.domainCheck?.records.find((seen) => seen.name === record.name)?.status ?? ('missing' as const)
        }))
      : []
  return {
    shop,
    senderType: type,
    senderName: row?.senderName ?? null,
    senderLocal: row?.senderLocal ?? null,
    customDomain: row?.customDomain ?? null,
    dnsRecords: records,
    domainVerifiedAt: iso(row?.domainVerifiedAt),
    domainCheckedAt: row?.domainCheck?.checkedAt ?? null,
    domainReason: row?.domainCheck?.reason ?? null,
    smtpHost: row?.smtpHost ?? null,
    smtpPort: row?.smtpPort ?? null,
    smtpSecure: row?.smtpSecure ?? false,
    smtpUser: row?.smtpUser ?? null,
    smtpFrom: row?.smtpFrom ?? null,
    templateIds: row?.templateIds ?? {},
    brandColor: row?.brandColor ?? null,
    smtpPasswordSet: set.has('mailSmtpPassword'),
    sendgridKeySet: set.has('mailSendgridKey'),
    sendgridWebhookKeySet: set.has('mailSendgridWebhookKey'),
    sendgridWebhookUrl: `${context.config.publicUrl}${SENDGRID_EVENTS_PATH.replace(':shop', shop)}`,
    senderAddress:
      type === 'subdomain'
        ? `${local}@${subdomain}.${publicHostOf(context.config)}`
        : type === 'custom' && row?.customDomain
          ? `${local}@${row.customDomain}`
          : type === 'ordinary'
            ? (row?.smtpFrom ?? null)
            : null
  }
}

const text = (data: Record<string, unknown>, field: string, max: number): string | null | undefined => {
  const value = data[field]
  if (value === undefined) return undefined
  if (value === null || value === '') return null
  if (typeof value !== 'string' || value.length > max)
    throw bad(field, `"${field}" must be text of at most ${max} characters`, 'format.invalid')
  return value.trim()
}

/** Checks and applies a settings change in the caller's transaction; answers the row's new values. */
const applySettings = async (trx: Knex.Transaction, shop: string, data: MailSettingsData, before: MailSettingsRow | null) => {
  const input = data as Record<string, unknown>
  const allowed = new Set([
    'senderType',
    'senderName',
    'senderLocal',
    'customDomain',
    'smtpHost',
    'smtpPort',
    'smtpSecure',
    'smtpUser',
    'smtpFrom',
    'templateIds',
    'brandColor',
    'smtpPassword',
    'sendgridKey',
    'sendgridWebhookKey'
  ])
  for (const key of Object.keys(input))
    if (!allowed.has(key)) throw bad(key, `"${key}" cannot be set here`, 'format.unknownField')
  const values: Record<string, unknown> = {}
  if (input.senderType !== undefined) {
    if (!mailSenderTypes.includes(input.senderType as never))
      throw bad('senderType', 'Choose a sender type', 'mail.badSenderType')
    values.senderType = input.senderType
  }
  try {
    const name = text(input, 'senderName', 80)
    if (name) checkSenderName(name)
    if (name !== undefined) values.senderName = name
    const local = text(input, 'senderLocal', 64)
    if (local) checkLocalPart(local)
    if (local !== undefined) values.senderLocal = local?.toLowerCase() ?? null
    const domain = text(input, 'customDomain', 253)
    if (domain) checkMailDomain(domain)
    if (domain !== undefined && (domain?.toLowerCase() ?? null) !== (before?.customDomain ?? null)) {
      values.customDomain = domain?.toLowerCase() ?? null
      // A new domain is unproven: a new key, and it sends nothing until its records are seen.
      values.domainVerifiedAt = null
      values.domainCheck = null
      if (domain) {
        await assertOwnDomain(trx, shop, domain)
        const keys = newDkimKeys()
        values.dkimSelector = DKIM_SELECTOR
        values.dkimPublicKey = keys.publicKey
        await writeShopSecrets(trx, shop, { mailDkimKey: keys.privateKey })
      } else {
        values.dkimPublicKey = null
        await writeShopSecrets(trx, shop, { mailDkimKey: null })
      }
    }
  } catch (error) {
    asHttp(error)
  }
  const host = text(input, 'smtpHost', 253)
  if (host && !/^[a-z0-9.-]+$/i.test(host)) throw bad('smtpHost', 'The SMTP server is not a host name', 'mail.badSmtpHost')
  if (host !== undefined) values.smtpHost = host
  if (input.smtpPort !== undefined) {
    const port = input.smtpPort
    if (port !== null && (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535))
      throw bad('smtpPort', 'The port is a number from 1 to 65535', 'mail.badSmtpPort')
    values.smtpPort = port
  }
  if (input.smtpSecure !== undefined) values.smtpSecure = input.smtpSecure === true
  const user = text(input, 'smtpUser', 254)
  if (user !== undefined) values.smtpUser = user
  const from = text(input, 'smtpFrom', 254)
  if (from && !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(from))
    throw bad('smtpFrom', 'The sender address is not valid', 'mail.badSenderAddress')
  if (from !== undefined) values.smtpFrom = from
  const color = text(input, 'brandColor', 7)
  if (color && !/^#[0-9a-f]{6}$/i.test(color)) throw bad('brandColor', 'A colour is written #rrggbb', 'mail.badColor')
  if (color !== undefined) values.brandColor = color
  if (input.templateIds !== undefined) {
    const ids = input.templateIds
    if (!ids || typeof ids !== 'object' || Array.isArray(ids))
      throw bad('templateIds', 'Template ids are a list by mail', 'format.invalid')
    const kept: Partial<Record<ShopMailTemplate, string>> = {}
    for (const [key, id] of Object.entries(ids as Record<string, unknown>)) {
      if (!shopMailTemplates.includes(key as ShopMailTemplate)) throw bad(`templateIds.${key}`, 'Unknown mail', 'format.invalid')
      if (id === null || id === '') continue
      if (typeof id !== 'string' || !/^d-[0-9a-f]{32}$/i.test(id))
        throw bad(`templateIds.${key}`, 'A SendGrid template id looks like d-0123…', 'mail.badTemplateId')
      kept[key as ShopMailTemplate] = id
    }
    values.templateIds = JSON.stringify(kept)
  }
  const secretNames = {
    smtpPassword: 'mailSmtpPassword',
    sendgridKey: 'mailSendgridKey',
    sendgridWebhookKey: 'mailSendgridWebhookKey'
  } as const
  for (const secret of Object.keys(secretNames) as (keyof typeof secretNames)[]) {
    const value = input[secret]
    if (value === undefined) continue
    if (value !== null && (typeof value !== 'string' || !value || value.length > 500))
      throw bad(secret, `"${secret}" must be text`, 'format.invalid')
    if (secret === 'sendgridWebhookKey' && typeof value === 'string' && !webhookKeyValid(value))
      throw bad(secret, 'This is not SendGrid’s verification key', 'mail.badWebhookKey')
    await writeShopSecrets(trx, shop, { [secretNames[secret]]: value as string | null })
  }
  const type = (values.senderType ?? before?.senderType ?? 'default') as string
  const after = { ...before, ...values }
  if (type === 'ordinary' && (!after.smtpHost || !after.smtpFrom))
    throw bad('smtpHost', 'An ordinary sender needs its SMTP server and address', 'mail.smtpMissing')
  if (type === 'custom' && !after.customDomain)
    throw bad('customDomain', 'A custom sender needs its domain', 'mail.domainRequired')
  if (before)
    await trx(MAIL_SETTINGS)
      .where({ shop })
      .update({ ...values, updatedAt: trx.fn.now() })
  else await trx(MAIL_SETTINGS).insert({ _id: newObjectId(), shop, ...values })
}

const templateOf = (data: MailPreviewData) => {
  const template = (data as { template?: unknown }).template
  if (!shopMailTemplates.includes(template as ShopMailTemplate)) throw bad('template', 'Choose a mail', 'mail.badTemplate')
  const locale = (data as { locale?: unknown }).locale
  return { template: template as ShopMailTemplate, locale: isLocaleId(locale) ? locale : 'en' }
}

const previewOf = async (context: ServiceContext, shop: string, data: MailPreviewData) => {
  const { template, locale } = templateOf(data)
  const { brand, origin, timeZone } = await shopBrand(context.db.knex, shop, context.config, locale)
  const sample = { ...sampleMailData(template, brand, `${origin}/`), timeZone }
  try {
    return { template, locale, sample, rendered: await renderShopMail(template, locale, sample) }
  } catch (error) {
    return asHttp(error)
  }
}

interface OutboxLogRow {
  _id: string
  shop: string
  to: string
  type: string
  subject: string
  status: MailLogEntry['status']
  attempts: number
  lastError: string | null
  order: string | null
  createdAt: Date | string
  sentAt: Date | string | null
  bouncedAt: Date | string | null
}

export const logEntry = (row: OutboxLogRow): MailLogEntry => ({
  _id: row._id,
  shop: row.shop,
  to: row.to,
  template: row.type.replace(/^shop\./, ''),
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  reasonKey: row.lastError ? reasonKeyOf(row.lastError) : null,
  reason: row.lastError ? row.lastError.replace(/^\[[\w.]+\]\s*/, '') : null,
  order: row.order,
  createdAt: new Date(row.createdAt).toISOString(),
  sentAt: iso(row.sentAt),
  bouncedAt: iso(row.bouncedAt)
})

/**
 * The shop's e-mail services (decisions 0147, 0148): `mail/settings` (find answers the sender, create
 * saves it; secrets write-only), `mail/verify` (checks the custom domain's SPF and DKIM records),
 * `mail/preview` (a template with the sample order), `mail/test` (sends it to the signed-in user) and
 * `mail/log` (the shop's mails with their states, newest first; `order` narrows to one order).
 */
/** Test mails per shop in the throttle's window (15 minutes). */
export const TEST_MAILS = 10

export const mailServices =
  (context: ServiceContext, dns: DnsLookup = makeResolver(context.config.dnsServers)) =>
  (app: Application) => {
    const knex = context.db.knex
    // "Send me a test" mails whoever presses it: at most TEST_MAILS per shop in 15 minutes, so the button
    // cannot be used to flood a mailbox or burn the shop's sending reputation.
    const tests = new Throttle(knex, { account: TEST_MAILS, address: TEST_MAILS })
    registerShopPath(
      app,
      context.directory,
      servicePaths.mailSettings,
      {
        async find(params: RecordParams = {}) {
          const shop = shopOf(params)
          return view(context, knex, shop, await readMailSettings(knex, shop))
        },
        async create(data: MailSettingsData, params: RecordParams = {}) {
          const shop = shopOf(params)
          if (!data || typeof data !== 'object') throw bad('senderType', 'Send the settings', 'format.invalid')
          await knex.transaction(async (trx) => applySettings(trx, shop, data, await readMailSettings(trx, shop)))
          return view(context, knex, shop, await readMailSettings(knex, shop))
        }
      },
      ['find', 'create']
    )
    registerShopPath(
      app,
      context.directory,
      servicePaths.mailVerify,
      {
        async create(_data: unknown, params: RecordParams = {}) {
          const shop = shopOf(params)
          const row = await readMailSettings(knex, shop)
          if (!row?.customDomain || !row.dkimPublicKey)
            throw bad('customDomain', 'Set the domain to send from first', 'mail.domainRequired')
          try {
            await assertOwnDomain(knex, shop, row.customDomain)
          } catch (error) {
            asHttp(error)
          }
          const check = await checkMailDns(dns, row.customDomain, row.dkimPublicKey, spfIncludeOf(context))
          try {
            await knex(MAIL_SETTINGS)
              .where({ shop })
              .update({
                domainCheck: JSON.stringify(check),
                domainVerifiedAt: check.verified ? (row.domainVerifiedAt ?? knex.fn.now()) : null,
                updatedAt: knex.fn.now()
              })
          } catch (error) {
            // The unique index: another shop verified this domain between the check and this write.
            if ((error as { code?: string }).code === '23505')
              throw new Conflict('This domain belongs to another shop', { key: 'mail.domainTaken', field: 'customDomain' })
            throw error
          }
          return view(context, knex, shop, await readMailSettings(knex, shop))
        }
      },
      ['create']
    )
    registerShopPath(
      app,
      context.directory,
      servicePaths.mailPreview,
      {
        async create(data: MailPreviewData, params: RecordParams = {}) {
          return (await previewOf(context, shopOf(params), data)).rendered
        }
      },
      ['create']
    )
    registerShopPath(
      app,
      context.directory,
      servicePaths.mailTest,
      {
        async create(data: MailPreviewData, params: RecordParams = {}) {
          const shop = shopOf(params)
          const to = (params as { user?: { email?: string } }).user?.email
          if (!to) throw bad('to', 'Your account has no e-mail address', 'mail.noAddress')
          const { template, locale, sample } = await previewOf(context, shop, data)
          const keys = [`mailTest:shop:${shop}`]
          await tests.check(keys)
          await tests.fail(keys)
          await context.mailer.enqueue({
            to,
            type: `shop.${template}`,
            locale,
            values: { orderId: sample.order?.orderId ?? '', test: 1 },
            shop,
            data: sample
          })
          return { to }
        }
      },
      ['create']
    )
    registerShopPath(
      app,
      context.directory,
      servicePaths.mailLog,
      {
        async find(params: RecordParams = {}) {
          const shop = shopOf(params)
          const query = (params.query ?? {}) as MailLogQuery & Record<string, unknown>
          const limit = Math.min(Math.max(Number(query.$limit ?? 25) || 25, 1), 100)
          const skip = Math.max(Number(query.$skip ?? 0) || 0, 0)
          if (query.order !== undefined && !isObjectId(query.order))
            throw bad('order', '"order" must be an order id', 'format.invalid')
          if (query.status !== undefined && !mailStates.includes(query.status))
            throw bad('status', 'Unknown state', 'format.invalid')
          const base = knex(OUTBOX).where({ shop })
          if (query.order) base.andWhere({ order: query.order })
          if (query.status) base.andWhere({ status: query.status })
          const [{ n }] = (await base.clone().count({ n: '*' })) as { n: string | number }[]
          const rows = (await base
            .clone()
            .select(
              '_id',
              'shop',
              'to',
              'type',
              'subject',
              'status',
              'attempts',
              'lastError',
              'order',
              'createdAt',
              'sentAt',
              'bouncedAt'
            )
            .orderBy([
              { column: 'createdAt', order: 'desc' },
              { column: '_id', order: 'desc' }
            ])
            .limit(limit)
            .offset(skip)) as OutboxLogRow[]
          return { total: Number(n), limit, skip, data: rows.map(logEntry) }
        }
      },
      ['find']
    )
    for (const path of [servicePaths.mailSettings, servicePaths.mailVerify, servicePaths.mailPreview, servicePaths.mailTest])
      app.service(path).hooks({ after: { create: [noEvent] } })
  }
