import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type Domain, type DomainVerifyData } from '@emporia/shared'
import { checkDomain, makeResolver, type DnsLookup } from '../../eshop/domains/dns-check'
import { storefrontHost } from '../../eshop/domains/storefront-host'
import { noEvent, shopOf } from '../../ledger/service-support'
import type { ServiceContext } from '../../platform/service-context'
import type { RecordParams } from '../../records/record-service'
import { registerShopPath } from '../../records/shop-scoped'

/**
 * `domains/verify` create `{domain}` (decision 0112): checks the domain's DNS now (TXT proof or CNAME to
 * the shop's storefront address, asked of DNS_SERVERS) and answers the domain: verified, or still pending
 * with the reason and each manual record's status. A verified domain stays verified (its proof was seen);
 * a later check only refreshes what the records look like. Only this check ever verifies an external domain.
 */
export const domainVerify =
  (context: ServiceContext, dns: DnsLookup = makeResolver(context.config.dnsServers)) =>
  (app: Application) => {
    const service = {
      async create(data: DomainVerifyData, params: RecordParams = {}): Promise<Domain> {
        const id = (data as unknown as Record<string, unknown> | null)?.domain
        if (typeof id !== 'string' || !isObjectId(id))
          throw new BadRequest('"domain" must be a domain id', { key: 'format.invalid', field: 'domain' })
        const shop = shopOf(params)
        const domains = app.service(servicePaths.domains)
        // Read in the caller's shop: another shop's domain is not found.
        const domain = (await domains.get(id, { query: { shop } })) as Domain
        const subdomain = ((await context.db.knex('shops').where({ _id: shop }).first('subdomain')) as { subdomain: string })
          .subdomain
        const result = await checkDomain(dns, domain, storefrontHost(context.config, subdomain), context.config.publicIp)
        const now = new Date().toISOString()
        const verified = domain.status === 'verified' || result.verified
        return (await domains.patch(
          id,
          {
            status: verified ? 'verified' : domain.status,
            verifiedAt: domain.verifiedAt ?? (result.verified ? now : null),
            checkedAt: now,
            checkReason: result.verified ? null : (result.reason ?? null),
            manualConfig: result.manualConfig
          } as Partial<Domain>,
          { query: { shop } }
        )) as Domain
      }
    }
    registerShopPath(app, context.directory, servicePaths.domainVerify, service, ['create'])
    // The domain's own `patched` event announces the outcome.
    app.service(servicePaths.domainVerify).hooks({ after: { create: [noEvent] } })
  }
