import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'

/**
 * A host name we accept as a shop's domain: lowercase labels of letters, digits and '-' (not at
 * either end), 1–63 each, at least two labels, a TLD that starts with a letter, 253 characters at most.
 */
export const DOMAIN_NAME_PATTERN = '^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])$'
const domainNameRe = new RegExp(DOMAIN_NAME_PATTERN)

/** `registered`: bought through our registrar; `external`: the merchant's own, pointed at us by hand ("park"). */
export const domainTypes = ['registered', 'external'] as const
export type DomainType = (typeof domainTypes)[number]
/** `pending` until its DNS proves it (or its purchase did); `expired` once a registration lapsed. */
export const domainStatuses = ['pending', 'verified', 'expired'] as const
export type DomainStatus = (typeof domainStatuses)[number]
export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS', 'SRV', 'CAA'] as const
export type DnsRecordType = (typeof dnsRecordTypes)[number]
/** Each record the merchant adds by hand, as the last check saw it. */
export const manualRecordStatuses = ['missing', 'found', 'wrong'] as const
export type ManualRecordStatus = (typeof manualRecordStatuses)[number]

/** Why a check left a domain pending (message keys the web translates). */
export const domainCheckReasons = [
  'domain.check.noRecord',
  'domain.check.wrongTxt',
  'domain.check.wrongCname',
  'domain.check.dnsFailed'
] as const
export type DomainCheckReason = (typeof domainCheckReasons)[number]

const date = Type.String({ format: 'date-time' })
const optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

/** A DNS record (spec §3.13) of a zone kept at the DNS provider. */
export const dnsRecordSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    /** Relative to the domain: `@` the domain itself, `www`, `_dmarc`… */
    name: Type.String({
      minLength: 1,
      maxLength: 253,
      pattern: '^(@|\\*|(\\*\\.)?[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?)$'
    }),
    type: literals(dnsRecordTypes),
    content: Type.String({ minLength: 1, maxLength: 2048 }),
    /** Seconds; 1 is the provider's "automatic". */
    ttl: Type.Integer({ minimum: 1, maximum: 86_400 }),
    priority: optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    proxied: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)
export type DnsRecord = Static<typeof dnsRecordSchema>

/** DNS-provider setup (spec §3.13): the zone at the provider, forwarding and proxying; the terms must be agreed. */
export const dnsSetupSchema = Type.Object(
  {
    /** The provider's name for the zone (the domain, unless the merchant says otherwise). */
    name: Type.String({ minLength: 1, maxLength: 253 }),
    forwardRoot: Type.Boolean(),
    forwardWWW: Type.Boolean(),
    proxied: Type.Boolean(),
    agreeTerms: Type.Boolean()
  },
  { additionalProperties: false }
)
export type DnsSetup = Static<typeof dnsSetupSchema>

/** One record of the manual configuration and its status as the last check saw it. */
export const manualRecordSchema = Type.Object(
  {
    name: Type.String(),
    type: literals(['TXT', 'CNAME', 'A'] as const),
    value: Type.String(),
    status: literals(manualRecordStatuses),
    /** When a check first found it in place. */
    added: optional(date),
    /** What the check found there instead, when it was wrong. */
    seen: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 20 }))
  },
  { additionalProperties: false }
)

/**
 * Manual configuration (spec §3.13): the records to add at the merchant's own DNS host, their status,
 * the alias (CNAME target) and A record the domain should point at.
 */
export const manualConfigSchema = Type.Object(
  {
    records: Type.Array(manualRecordSchema, { maxItems: 5 }),
    alias: Type.String(),
    aRecord: optional(Type.String())
  },
  { additionalProperties: false }
)
export type ManualConfig = Static<typeof manualConfigSchema>

/** What the registrar tells of a registration (spec §3.13 whois). */
export const domainWhoisSchema = Type.Object(
  {
    registrar: Type.String(),
    registrant: Type.String(),
    createdAt: date,
    expiresAt: date,
    nameservers: Type.Array(Type.String(), { maxItems: 13 })
  },
  { additionalProperties: false }
)
export type DomainWhois = Static<typeof domainWhoisSchema>

/**
 * Domain (spec §3.13; decision 0112): a host name a shop serves its storefront at. Unique across all
 * shops. Everything but the DNS records and the DNS-provider setup is the server's: status changes
 * only by a check of the DNS (`domains/verify`) or a purchase (`domains/register`).
 */
export const domainSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: Type.String({ pattern: DOMAIN_NAME_PATTERN, maxLength: 253 }),
    status: Type.Union(
      domainStatuses.map((value) => Type.Literal(value)),
      { readOnly: true }
    ),
    type: Type.Union(
      domainTypes.map((value) => Type.Literal(value)),
      { readOnly: true }
    ),
    expiresAt: Type.Optional(Type.Union([date, Type.Null()], { readOnly: true })),
    /** The last warning of the registration's end sent to the shop's admins: `<end>:30` or `<end>:7` (decision 0158). */
    expiryWarned: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()], { readOnly: true })),
    whois: Type.Optional(Type.Union([domainWhoisSchema, Type.Null()], { readOnly: true })),
    /** The value of the TXT record `emporia-verify=<token>` that proves the domain is the shop's. */
    token: Type.String({ readOnly: true }),
    verifiedAt: Type.Optional(Type.Union([date, Type.Null()], { readOnly: true })),
    /** The last check: when, and why it left the domain pending (none when it verified it). */
    checkedAt: Type.Optional(Type.Union([date, Type.Null()], { readOnly: true })),
    checkReason: Type.Optional(
      Type.Union([...domainCheckReasons.map((value) => Type.Literal(value)), Type.Null()], { readOnly: true })
    ),
    manualConfig: Type.Object(manualConfigSchema.properties, { readOnly: true, additionalProperties: false }),
    dnsRecords: Type.Optional(Type.Array(dnsRecordSchema, { maxItems: 100 })),
    dnsSetup: Type.Optional(Type.Union([dnsSetupSchema, Type.Null()])),
    /** Name servers the provider gave the zone (set them at the registrar when the domain is external). */
    nameservers: Type.Optional(Type.Union([Type.Array(Type.String(), { maxItems: 13 }), Type.Null()], { readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Domain', additionalProperties: false }
)
export type Domain = Static<typeof domainSchema>
/** Parking a domain: only its name (and optionally its DNS setup); the server fills in the rest. */
export type DomainData = Pick<Domain, 'name'> & Partial<Pick<Domain, 'dnsRecords' | 'dnsSetup'>>
export type DomainPatch = Partial<Pick<Domain, 'dnsRecords' | 'dnsSetup'>>

/** `domains/availability` find `{name}`: whether the registrar sells it, for how much (cents, a year). */
export interface DomainAvailability {
  name: string
  /** The shop that asked: the answer is for it. */
  shop?: string
  available: boolean
  /** Why not: taken, a TLD the registrar does not sell. */
  reason?: 'taken' | 'unsupportedTld'
  price?: number
  currency?: string
}
/** `domains/register` create: buy the name for `years` at the price shown (cents), terms agreed. */
export interface DomainRegisterData {
  name: string
  years: number
  price: number
  agreeTerms: boolean
}
/** `domains/verify` create: check the domain's DNS now. */
export interface DomainVerifyData {
  domain: string
}
/** `domains/alias` create: make a verified domain the shop's alias, or `null` to remove it. */
export interface DomainAliasData {
  domain: string | null
}
export interface DomainAliasResult {
  alias: string | null
}

/** A typed host as a domain name: trimmed, lowercased, without a trailing dot, a scheme or a path. */
export const normalizeDomainName = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '')

/** Whether a (normalized) name is a host name we accept. */
export const isDomainName = (value: string): boolean => domainNameRe.test(value)

/** The TXT record's value that proves a domain. */
export const verificationText = (token: string) => `emporia-verify=${token}`

/**
 * The records a merchant adds at their own DNS host: the TXT proof, and a CNAME to the shop's
 * storefront address (either proves the domain; the CNAME also routes it), and an A record when the
 * platform has a fixed address (a root domain cannot have a CNAME).
 */
export const manualRecords = (
  name: string,
  token: string,
  storefrontHost: string,
  publicIp?: string
): { name: string; type: 'TXT' | 'CNAME' | 'A'; value: string }[] => [
  { name, type: 'TXT', value: verificationText(token) },
  { name, type: 'CNAME', value: storefrontHost },
  ...(publicIp ? [{ name, type: 'A' as const, value: publicIp }] : [])
]
