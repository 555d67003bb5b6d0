import type { AppConfig } from '../../../config'

/** The storefronts' base host (PUBLIC_HOST), else the host of the app's own address. */
export const publicHostOf = (config: Pick<AppConfig, 'publicHost' | 'publicUrl'>): string =>
  (config.publicHost ?? new URL(config.publicUrl).hostname).toLowerCase().replace(/\.$/, '')

/** A shop's storefront address `{subdomain}.{PUBLIC_HOST}` (spec §9.1): a custom domain's CNAME points here. */
export const storefrontHost = (config: Pick<AppConfig, 'publicHost' | 'publicUrl'>, subdomain: string): string =>
  `${subdomain.toLowerCase()}.${publicHostOf(config)}`

/** A request's Host header as a domain name: lowercased, without its port or a trailing dot. */
export const hostName = (host: string): string => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
