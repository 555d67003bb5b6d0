import { Unavailable } from '@feathersjs/errors'
import type { DnsRecord, DnsSetup, DomainAvailability, DomainWhois } from '@emporia/shared'
import type { AppConfig } from '../../../config'
import { LocalRegistrar } from './local-registrar'

/** A purchase as the registrar confirmed it. */
export interface Registration {
  expiresAt: string
  whois: DomainWhois
}

/**
 * The registrar and DNS provider behind `domains/*` (decision 0112). Every call to one goes through this
 * interface; the only implementation on these machines is the local double, chosen by DOMAIN_REGISTRAR.
 * A refusal the merchant can act on is a 4xx with a key; the provider failing is a 503.
 */
export interface DomainRegistrar {
  /** Whether it sells the name, and its price a year in cents of `currency`. */
  check(name: string): Promise<DomainAvailability>
  /** Buys the name for `years` at `price` (cents a year, as shown); refuses when the price changed. */
  purchase(order: { name: string; years: number; price: number; registrant: string }): Promise<Registration>
  /** Sets up the zone at the DNS provider; answers the name servers to delegate to. */
  setupZone(domain: string, setup: DnsSetup): Promise<{ nameservers: string[] }>
  /** Replaces the zone's records. */
  setRecords(domain: string, records: DnsRecord[]): Promise<void>
}

let local: LocalRegistrar | undefined

/** The configured registrar, or none (then its callers answer 503). The double is one per process, as a real one is one. */
export const registrarFromConfig = (config: Pick<AppConfig, 'domainRegistrar'>): DomainRegistrar | undefined => {
  if (config.domainRegistrar !== 'local') return undefined
  local ??= new LocalRegistrar()
  return local
}

/** The registrar, or a 503 saying none is configured. */
export const requireRegistrar = (registrar: DomainRegistrar | undefined): DomainRegistrar => {
  if (!registrar) throw new Unavailable('No domain registrar is configured', { key: 'domain.noRegistrar' })
  return registrar
}
