import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type Domain, type DomainAliasData, type DomainAliasResult } from '@emporia/shared'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { fieldsOf } from '../../platform/records/validate-data'
import { registerShopPath } from '../../platform/records/shop-scoped'

/**
 * `domains/alias` create `{domain}` (spec §3.1, §3.13 setAsAlias; decision 0112): a verified domain of the
 * shop becomes its alias, its one custom address; `{domain: null}` removes the alias.
 */
export const domainAlias = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: DomainAliasData, params: RecordParams = {}): Promise<DomainAliasResult> {
      const id = fieldsOf(data).domain
      if (id !== null && (typeof id !== 'string' || !isObjectId(id)))
        throw new BadRequest('"domain" must be a domain id or null', { key: 'format.invalid', field: 'domain' })
      const shop = shopOf(params)
      let alias: string | null = null
      if (id !== null) {
        const domain = (await app.service(servicePaths.domains).get(id, { query: { shop } })) as Domain
        if (domain.status !== 'verified')
          throw new BadRequest('Only a verified domain can be the shop’s alias', {
            key: 'domain.aliasNeedsVerified',
            field: 'domain'
          })
        alias = domain.name
      }
      // Internal: the shops' own rule (a client's alias must be verified) is this service's check, done above.
      await app.service(servicePaths.shops).patch(shop, { alias })
      return { alias }
    }
  }
  registerShopPath(app, context.directory, servicePaths.domainAlias, service, ['create'])
  // The shop's own `patched` event announces the new alias.
  app.service(servicePaths.domainAlias).hooks({ after: { create: [noEvent] } })
}
