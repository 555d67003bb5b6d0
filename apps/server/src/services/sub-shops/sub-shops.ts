import type { Application, HookContext } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { shopScoped } from '../../platform/tenancy'
import { staffParts } from '../shop-staff/shop-staff'
import { SubShopService } from './sub-shops.class'

/** Only sub-shop entries are visible or reachable through this path. */
const onlySubShops = (context: HookContext) => {
  context.params.query = { ...context.params.query, role: 'subshop' }
}

/**
 * Sub-shops (spec §3.3, §6.1): a shop with `useSubShop` invites a sub-shop by name and e-mail; once
 * accepted, its account has the subshop role here and sees only warehouses and products.
 */
export const subShops = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.subShops
  app.use(path, new SubShopService(staffParts(context, app)), {
    methods: ['find', 'get', 'create', 'patch', 'remove']
  })
  app.service(path).hooks({ before: { all: [...shopScoped(context.directory, path), onlySubShops] } })
}
