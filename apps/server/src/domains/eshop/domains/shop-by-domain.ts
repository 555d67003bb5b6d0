import type { Application } from '@feathersjs/feathers'
import { isDomainName, servicePaths, type Domain } from '@emporia/shared'
import type { AppConfig } from '../../../config'
import { hostName, publicHostOf } from './storefront-host'

/** The shop a storefront request is for, as the host lookup needs it. */
export interface DomainShop {
  _id: string
  subdomain: string
  /** The shop's alias (its main custom address), when it has one. */
  alias: string | null
  /** The verified domain the request came by. */
  domain: string
}

/**
 * The shop whose verified domain a request's host is (decision 0112), or undefined: a pending or
 * expired domain serves nothing, so a name claimed but not proven never shows anyone's shop. Internal
 * calls: the lookup spans shops by design, it answers only the one shop the host names.
 */
export const shopByVerifiedDomain = async (app: Application, host: string): Promise<DomainShop | undefined> => {
  const name = hostName(host)
  if (!isDomainName(name)) return undefined
  const found = (await app
    .service(servicePaths.domains)
    .find({ query: { name, status: 'verified', $limit: 1, $select: ['shop', 'name'] }, paginate: false })) as Pick<
    Domain,
    'shop' | 'name'
  >[]
  if (!found.length) return undefined
  const shop = (await app
    .service(servicePaths.shops)
    .get(found[0].shop, { query: { $select: ['_id', 'subdomain', 'alias'] } })) as {
    _id: string
    subdomain: string
    alias?: string | null
  }
  return { _id: shop._id, subdomain: shop.subdomain, alias: shop.alias ?? null, domain: name }
}

/** The shop whose storefront subdomain `{subdomain}.{PUBLIC_HOST}` a host is, or undefined. */
const shopBySubdomainHost = async (app: Application, config: AppConfig, host: string) => {
  const base = publicHostOf(config)
  if (!host.endsWith(`.${base}`)) return undefined
  const subdomain = host.slice(0, -base.length - 1)
  if (!/^[a-z0-9_-]{1,63}$/.test(subdomain)) return undefined
  // Subdomains are stored as typed; a DNS name is case-blind.
  const shops = (await app.service(servicePaths.shops).find({
    query: { subdomain: { $regex: `^${subdomain}$`, $options: 'i' }, $limit: 1, $select: ['_id'] },
    paginate: false
  })) as {
    _id: string
  }[]
  return shops[0]
}

/**
 * Whether the TLS proxy may get a certificate for a host (decision 0112, docs/domains-tls.md): a verified
 * domain, or an existing shop's `{subdomain}.{PUBLIC_HOST}`. Anything else is refused, so nobody can make
 * the proxy ask a certificate authority for names we do not serve (and exhaust its rate limits).
 */
export const servesHost = async (app: Application, config: AppConfig, host: string): Promise<boolean> => {
  const name = hostName(host)
  if (!name || name.length > 253) return false
  if (await shopBySubdomainHost(app, config, name)) return true
  return Boolean(await shopByVerifiedDomain(app, name))
}
