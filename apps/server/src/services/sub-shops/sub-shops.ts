import type { Application, HookContext } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped, type ShopDirectory } from '../../tenancy'
import type { ServiceContext } from '../context'
import { invitationMail } from '../shop-members/invitation-mail'
import { ShopMemberService } from '../shop-members/shop-members.class'
import type { ShopUsersSync } from '../shops/shop-users-sync'
import { shopMemberModel } from '../shops/shops.schema'

/** Only sub-shop entries are visible or reachable through this path. */
const onlySubShops = (context: HookContext) => {
  context.params.query = { ...context.params.query, role: 'subshop' }
}

/**
 * Sub-shops (spec §3.3, §6.1): a shop with `useSubShop` invites a sub-shop by name and e-mail; once
 * accepted, its account has the subshop role here and sees only warehouses and products.
 */
export const subShops = (context: ServiceContext, directory: ShopDirectory, sync: ShopUsersSync) => (app: Application) => {
  const path = servicePaths.subShops
  app.use(
    path,
    new ShopMemberService({ ...context.records, model: shopMemberModel }, sync, ['subshop'], invitationMail(context)),
    {
      methods: ['find', 'get', 'create', 'patch', 'remove']
    }
  )
  app.service(path).hooks({ before: { all: [...shopScoped(directory, path), onlySubShops] } })
}
