import { BadRequest, Conflict, Unavailable } from '@feathersjs/errors'
import type { DnsRecord, DnsSetup, DomainAvailability } from '@emporia/shared'
import type { DomainRegistrar, Registration } from './domain-registrar'

/** Yearly prices in HKD cents by top-level domain; other TLDs are not sold (as a real registrar's list). */
export const LOCAL_PRICES: Record<string, number> = {
  com: 9_800,
  net: 11_800,
  org: 10_800,
  shop: 26_800,
  store: 38_800,
  hk: 32_000,
  'com.hk': 24_000
}

/** Names already registered by others before this registrar started: they are never available. */
export const LOCAL_TAKEN = new Set(['example.com', 'google.com', 'taken.com', 'emporia.com', 'shop.hk'])

const NAMESERVERS = ['ns1.registrar-double.test', 'ns2.registrar-double.test']
const YEAR_MS = 365 * 86_400_000

/**
 * The local registrar double (decision 0112; selected only by DOMAIN_REGISTRAR=local). It behaves like
 * a registrar: a price list by TLD, names taken by others, names it sold staying taken, a price that
 * must be the one shown, and failures: any name with a label `registrar-down` makes it answer as an
 * unreachable provider does, so the callers' failure paths are exercised for real.
 */
export class LocalRegistrar implements DomainRegistrar {
  private readonly sold = new Map<string, Registration>()
  private readonly zones = new Map<string, { setup?: DnsSetup; records: DnsRecord[] }>()

  private down(name: string) {
    if (name.split('.').includes('registrar-down'))
      throw new Unavailable('The domain registrar did not answer; try again later', { key: 'domain.registrarDown' })
  }

  private priceOf(name: string): number | undefined {
    const labels = name.split('.')
    // The longest suffix the list has wins (`com.hk` before `hk`); the name must have a label before it.
    for (let i = 1; i < labels.length; i++) {
      const price = LOCAL_PRICES[labels.slice(i).join('.')]
      if (price !== undefined) return price
    }
    return undefined
  }

  async check(name: string): Promise<DomainAvailability> {
    this.down(name)
    const price = this.priceOf(name)
    if (price === undefined) return { name, available: false, reason: 'unsupportedTld' }
    if (LOCAL_TAKEN.has(name) || this.sold.has(name)) return { name, available: false, reason: 'taken', price, currency: 'HKD' }
    return { name, available: true, price, currency: 'HKD' }
  }

  async purchase(order: { name: string; years: number; price: number; registrant: string }): Promise<Registration> {
    const offer = await this.check(order.name)
    if (!offer.available)
      throw new Conflict('This domain is not available', { key: 'domain.notAvailable', field: 'name', reason: offer.reason })
    if (offer.price !== order.price)
      throw new BadRequest('The price has changed; check it again', {
        key: 'domain.priceChanged',
        field: 'price',
        price: offer.price
      })
    const now = Date.now()
    const registration: Registration = {
      expiresAt: new Date(now + order.years * YEAR_MS).toISOString(),
      whois: {
        registrar: 'Registrar double (local)',
        registrant: order.registrant,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + order.years * YEAR_MS).toISOString(),
        nameservers: NAMESERVERS
      }
    }
    this.sold.set(order.name, registration)
    this.zones.set(order.name, { records: [] })
    return registration
  }

  async setupZone(domain: string, setup: DnsSetup): Promise<{ nameservers: string[] }> {
    this.down(domain)
    this.zones.set(domain, { ...(this.zones.get(domain) ?? { records: [] }), setup })
    return { nameservers: NAMESERVERS }
  }

  async setRecords(domain: string, records: DnsRecord[]): Promise<void> {
    this.down(domain)
    this.zones.set(domain, { ...(this.zones.get(domain) ?? {}), records })
  }

  /** What the provider holds for a zone (tests read it, as one would read a provider's dashboard). */
  zone(domain: string) {
    return this.zones.get(domain)
  }
}
