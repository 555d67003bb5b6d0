import type { Application } from '@feathersjs/feathers'
import { servicePaths, type DomainAvailability } from '@emporia/shared'
import { registrarFromConfig, requireRegistrar } from '../../domains/eshop/domains/registrar'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { domainNameOf } from '../../domains/eshop/domains/domain-name'
import { shopOf } from '../../domains/stock/service-support'

/** `domains/availability` find `{name}` (spec §4.1 "available or not available"): the registrar's answer and price. */
export const domainAvailability = (context: ServiceContext) => (app: Application) => {
  const registrar = registrarFromConfig(context.config)
  const service = {
    async find(params: RecordParams = {}): Promise<DomainAvailability> {
      const name = domainNameOf((params.query as Record<string, unknown> | undefined)?.name, context.config)
      const answer = { ...(await requireRegistrar(registrar).check(name)), shop: shopOf(params) }
      // A name some shop here proved is not for sale to another, whatever the registrar says; an unproven
      // claim is no proof (decision 0121).
      if (answer.available && (await context.db.knex('domains').where({ name, status: 'verified' }).first('_id')))
        return { ...answer, available: false, reason: 'taken' }
      return answer
    }
  }
  registerShopPath(app, context.directory, servicePaths.domainAvailability, service, ['find'])
}
