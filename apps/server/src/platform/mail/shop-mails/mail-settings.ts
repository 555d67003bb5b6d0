import type { Knex } from 'knex'
import { generateKeyPairSync } from 'node:crypto'
import { readShopSecret } from '../../secrets/shop-secrets'
import { assertHeaderSafe, MailInputError } from './render-shop-mail'
import type { ShopMailName } from './shop-mail-types'

export const senderTypes = ['default', 'subdomain', 'custom', 'ordinary'] as const
export type SenderType = (typeof senderTypes)[number]

export const MAIL_SETTINGS = 'shopMailSettings'

/** What the check needs of DNS (the custom domains' resolver answers it, with DNS_SERVERS). */
export interface TxtLookup {
  resolveTxt(name: string): Promise<string[][]>
}

/** A shop's sender (decision 0147); its SMTP password, SendGrid key and DKIM private key are shopSecrets. */
export interface MailSettingsRow {
  _id: string
  shop: string
  senderType: SenderType
  senderName: string | null
  senderLocal: string | null
  customDomain: string | null
  dkimSelector: string | null
  dkimPublicKey: string | null
  domainVerifiedAt: Date | string | null
  domainCheck: DomainMailCheck | null
  smtpHost: string | null
  smtpPort: number | null
  smtpSecure: boolean
  smtpUser: string | null
  smtpFrom: string | null
  templateIds: Partial<Record<ShopMailName, string>>
  brandColor: string | null
  updatedAt: Date | string
}

export interface MailDnsRecord {
  type: 'TXT'
  name: string
  value: string
  status: 'found' | 'missing' | 'wrong'
}

export interface DomainMailCheck {
  checkedAt: string
  verified: boolean
  records: MailDnsRecord[]
  /** A translation key when not verified. */
  reason?: string
}

export const DKIM_SELECTOR = 'emporia'

export const readMailSettings = async (knex: Knex, shop: string): Promise<MailSettingsRow | null> =>
  ((await knex(MAIL_SETTINGS).where({ shop }).first()) as MailSettingsRow | undefined) ?? null

const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?$/i
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

export const checkLocalPart = (value: string) => {
  if (!LOCAL_PART.test(value)) throw new MailInputError('The sender address is not valid', 'mail.badSenderAddress', 'senderLocal')
}
export const checkMailDomain = (value: string) => {
  if (!DOMAIN.test(value)) throw new MailInputError('The domain is not valid', 'mail.badDomain', 'customDomain')
}
export const checkSenderName = (value: string) => {
  assertHeaderSafe(value, 'senderName')
  if (/[<>"]/.test(value) || value.length > 80)
    throw new MailInputError('The sender name may not hold < > " or more than 80 characters', 'mail.badSenderName', 'senderName')
}

/** A new DKIM key pair: the private key to seal, the public key for the DNS record. */
export const newDkimKeys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')
  }
}

/** The records a custom sending domain needs: SPF naming the platform's senders, and the DKIM key. */
export const mailDnsRecords = (domain: string, publicKey: string, spfInclude: string): Omit<MailDnsRecord, 'status'>[] => [
  { type: 'TXT', name: domain, value: `v=spf1 include:${spfInclude} ~all` },
  { type: 'TXT', name: `${DKIM_SELECTOR}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` }
]

const NO_ANSWER = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN'])

const txtOf = async (dns: TxtLookup, name: string): Promise<{ values: string[]; failed: boolean }> => {
  try {
    return { values: (await dns.resolveTxt(name)).map((chunks) => chunks.join('')), failed: false }
  } catch (error) {
    return { values: [], failed: !NO_ANSWER.has((error as { code?: string }).code ?? '') }
  }
}

const squash = (value: string) => value.replace(/\s+/g, '').toLowerCase()

/**
 * Checks a custom sending domain's DNS, as the custom domains are checked (decision 0112): the SPF record
 * must include the platform's senders and the DKIM record must carry this shop's public key.
 */
export const checkMailDns = async (
  dns: TxtLookup,
  domain: string,
  publicKey: string,
  spfInclude: string
): Promise<DomainMailCheck> => {
  const [spfRecord, dkimRecord] = mailDnsRecords(domain, publicKey, spfInclude)
  const [spf, dkim] = await Promise.all([txtOf(dns, spfRecord.name), txtOf(dns, dkimRecord.name)])
  const spfs = spf.values.filter((value) => value.toLowerCase().startsWith('v=spf1'))
  const spfStatus = spfs.some((value) => value.toLowerCase().split(/\s+/).includes(`include:${spfInclude.toLowerCase()}`))
    ? 'found'
    : spfs.length
      ? 'wrong'
      : 'missing'
  const dkims = dkim.values.filter((value) => squash(value).startsWith('v=dkim1'))
  const dkimStatus = dkims.some((value) => squash(value).includes(`p=${publicKey.toLowerCase()}`))
    ? 'found'
    : dkims.length
      ? 'wrong'
      : 'missing'
  const verified = spfStatus === 'found' && dkimStatus === 'found'
  const reason = verified
    ? undefined
    : spf.failed || dkim.failed
      ? 'mail.dnsFailed'
      : spfStatus === 'wrong' || dkimStatus === 'wrong'
        ? 'mail.dnsWrong'
        : 'mail.dnsMissing'
  return {
    checkedAt: new Date().toISOString(),
    verified,
    records: [
      { ...spfRecord, status: spfStatus },
      { ...dkimRecord, status: dkimStatus }
    ],
    ...(reason ? { reason } : {})
  }
}

export const readMailSecret = (knex: Knex, shop: string, name: 'mailSmtpPassword' | 'mailSendgridKey' | 'mailDkimKey') =>
  readShopSecret(knex, shop, name)
