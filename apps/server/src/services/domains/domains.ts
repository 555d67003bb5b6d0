import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { registrarFromConfig } from '../../domains/eshop/domains/registrar'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { DomainService } from './domains.class'
import { domainModel } from './domains.schema'

/** Domains (spec §3.13; decision 0112): the records; their actions are the `domains/*` services. */
export const domains = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.domains,
    new DomainService({ ...context.records, model: domainModel }, context.config, registrarFromConfig(context.config))
  )
