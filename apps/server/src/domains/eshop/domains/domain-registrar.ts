import type { DnsRecord, DnsSetup, DomainAvailability, DomainWhois } from '@emporia/shared'

// The interface alone, so the local double (local-registrar.ts) implements it without importing the
// factory in registrar.ts that creates the double.

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
