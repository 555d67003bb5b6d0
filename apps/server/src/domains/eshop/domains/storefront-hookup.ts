import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ShopLookup } from '../../storefront'
import { shopByVerifiedDomain } from './shop-by-domain'

/**
 * Lets the storefront's host lookup serve verified domains (decision 0112): a verified domain shows its
 * shop, a pending one nothing. The lookup caches hosts (unknown ones too), so every change of a domain
 * (verified, removed) drops its cache, and a domain serves the moment it is verified.
 */
export const serveVerifiedDomains = (app: Application, lookup: ShopLookup) => {
  lookup.addResolver(async (host) => (await shopByVerifiedDomain(app, host))?._id)
  for (const event of ['created', 'patched', 'updated', 'removed'])
    app.service(servicePaths.domains).on(event, () => lookup.forgetAll())
}
