import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type Domain, type DomainVerifyData } from '@emporia/shared'
import { checkDomain, makeResolver, type DnsLookup } from '../../domains/eshop/domains/dns-check'
import { announceDropped, claimLapsed, takeName } from '../../domains/eshop/domains/domain-claims'
import { storefrontHost } from '../../domains/eshop/domains/storefront-host'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { fieldsOf } from '../../platform/records/validate-data'
import { registerShopPath } from '../../platform/records/shop-scoped'

/**
 * `domains/verify` create `{domain}` (decision 0112): checks the domain's DNS now (TXT proof or CNAME to
 * the shop's storefront address, asked of DNS_SERVERS) and answers the domain: verified, or still pending
 * with the reason and each manual record's status. A verified domain stays verified (its proof was seen);
 * a later check only refreshes what the records look like. Only this check ever verifies an external domain.
 * A claim unproven for 7 days lapses; proving a name drops every other shop's claim of it (decision 0121).
 */
export const domainVerify =
  (context: ServiceContext, dns: DnsLookup = makeResolver(context.config.dnsServers)) =>
  (app: Application) => {
    const service = {
      async create(data: DomainVerifyData, params: RecordParams = {}): Promise<Domain> {
        const id = fieldsOf(data).domain
        if (typeof id !== 'string' || !isObjectId(id))
          throw new BadRequest('"domain" must be a domain id', { key: 'format.invalid', field: 'domain' })
        const shop = shopOf(params)
        const domains = app.service(servicePaths.domains)
        // Read in the caller's shop: another shop's domain is not found.
        const domain = (await domains.get(id, { query: { shop } })) as Domain
        // A claim left unproven for its week lapses, proof or not (decision 0121): add it again.
        if (claimLapsed(domain)) {
          await domains.patch(id, { status: 'expired' } as Partial<Domain>, { query: { shop } })
          throw new Conflict('This claim lapsed unproven: remove it and add the domain again', {
            key: 'domain.claimExpired',
            field: 'domain'
          })
        }
        const subdomain = ((await context.db.knex('shops').where({ _id: shop }).first('subdomain')) as { subdomain: string })
          .subdomain
        const result = await checkDomain(dns, domain, storefrontHost(context.config, subdomain), context.config.publicIp)
        const now = new Date().toISOString()
        const proven = domain.status !== 'verified' && result.verified
        const verified = domain.status === 'verified' || result.verified
        const patch = {
          status: verified ? 'verified' : domain.status,
          verifiedAt: domain.verifiedAt ?? (result.verified ? now : null),
          // A proven external domain has no lapse (nor a registration we know the end of).
          ...(proven ? { expiresAt: null } : {}),
          checkedAt: now,
          checkReason: result.verified ? null : (result.reason ?? null),
          manualConfig: result.manualConfig
        } as Partial<Domain>
        if (!proven) return (await domains.patch(id, patch, { query: { shop } })) as Domain
        // First to prove it wins: the name is taken and every other shop's claim of it goes, at once.
        const { patched, dropped } = await context.db.knex.transaction(async (trx) => {
          const dropped = await takeName(trx, domain.name, id)
          const patched = (await domains.patch(id, patch, { query: { shop }, transaction: trx } as RecordParams)) as Domain
          return { patched, dropped }
        })
        announceDropped(app, dropped)
        return patched
      }
    }
    registerShopPath(app, context.directory, servicePaths.domainVerify, service, ['create'])
    // The domain's own `patched` event announces the outcome.
    app.service(servicePaths.domainVerify).hooks({ after: { create: [noEvent] } })
  }
