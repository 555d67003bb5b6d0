import { Resolver } from 'node:dns/promises'
import {
  manualRecords,
  verificationText,
  type DomainCheckReason,
  type ManualConfig,
  type ManualRecordStatus
} from '@emporia/shared'

/** What a check needs of DNS: the three lookups, so tests can also hand in a resolver of their own. */
export interface DnsLookup {
  resolveTxt(name: string): Promise<string[][]>
  resolveCname(name: string): Promise<string[]>
  resolve4(name: string): Promise<string[]>
}

/** A resolver asking the configured servers (DNS_SERVERS), else the system's; short timeouts, one retry. */
export const makeResolver = (servers?: string[]): DnsLookup => {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 })
  if (servers?.length) resolver.setServers(servers)
  return resolver
}

const NO_ANSWER = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN'])

type Answer = { values: string[]; failed: boolean }

/** A lookup's values; "no such record" is an empty answer, any other error a failed one. */
const lookup = async (run: () => Promise<string[]>): Promise<Answer> => {
  try {
    return { values: await run(), failed: false }
  } catch (error) {
    const code = (error as { code?: string }).code ?? ''
    return { values: [], failed: !NO_ANSWER.has(code) }
  }
}

const host = (value: string) => value.trim().toLowerCase().replace(/\.$/, '')

export interface DomainCheck {
  verified: boolean
  /** Why not, when not. */
  reason?: DomainCheckReason
  manualConfig: ManualConfig
}

/**
 * Checks a domain's DNS (decision 0112): it is the shop's when its TXT record is `emporia-verify=<token>`
 * or its CNAME points at the shop's storefront address. Either proves control of the domain's DNS.
 * Answers each manual record's status (missing, found, wrong with what is there instead) and, when not
 * verified, the clearest reason: a wrong proof before a missing one, a DNS failure before "nothing there".
 */
export const checkDomain = async (
  dns: DnsLookup,
  domain: { name: string; token: string; manualConfig?: ManualConfig | null },
  storefrontHost: string,
  publicIp?: string
): Promise<DomainCheck> => {
  const [txt, cname, a] = await Promise.all([
    lookup(async () => (await dns.resolveTxt(domain.name)).map((chunks) => chunks.join(''))),
    lookup(() => dns.resolveCname(domain.name)),
    publicIp ? lookup(() => dns.resolve4(domain.name)) : Promise.resolve({ values: [], failed: false })
  ])
  const expectedTxt = verificationText(domain.token)
  const ours = txt.values.filter((value) => value.startsWith('emporia-verify='))
  const txtStatus: ManualRecordStatus = ours.includes(expectedTxt) ? 'found' : ours.length ? 'wrong' : 'missing'
  const cnames = cname.values.map(host)
  const cnameStatus: ManualRecordStatus = cnames.includes(host(storefrontHost)) ? 'found' : cnames.length ? 'wrong' : 'missing'
  const aStatus: ManualRecordStatus = a.values.includes(publicIp ?? '') ? 'found' : a.values.length ? 'wrong' : 'missing'
  const now = new Date().toISOString()
  const previous = new Map((domain.manualConfig?.records ?? []).map((record) => [`${record.type} ${record.value}`, record]))
  const statusOf = { TXT: txtStatus, CNAME: cnameStatus, A: aStatus }
  const seenOf = { TXT: ours, CNAME: cnames, A: a.values }
  const records = manualRecords(domain.name, domain.token, storefrontHost, publicIp).map((record) => {
    const status = statusOf[record.type]
    const before = previous.get(`${record.type} ${record.value}`)
    return {
      ...record,
      status,
      added: status === 'found' ? (before?.added ?? now) : null,
      ...(status === 'wrong' ? { seen: seenOf[record.type].slice(0, 20) } : {})
    }
  })
  const manualConfig: ManualConfig = { records, alias: storefrontHost, aRecord: publicIp ?? null }
  if (txtStatus === 'found' || cnameStatus === 'found') return { verified: true, manualConfig }
  const reason: DomainCheckReason =
    txtStatus === 'wrong'
      ? 'domain.check.wrongTxt'
      : cnameStatus === 'wrong'
        ? 'domain.check.wrongCname'
        : txt.failed || cname.failed
          ? 'domain.check.dnsFailed'
          : 'domain.check.noRecord'
  return { verified: false, reason, manualConfig }
}

/** A new domain's manual configuration: every record still to add. */
export const initialManualConfig = (name: string, token: string, storefrontHost: string, publicIp?: string): ManualConfig => ({
  records: manualRecords(name, token, storefrontHost, publicIp).map((record) => ({ ...record, status: 'missing', added: null })),
  alias: storefrontHost,
  aRecord: publicIp ?? null
})
