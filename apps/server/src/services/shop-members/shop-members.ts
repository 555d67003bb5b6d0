import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped, type ShopDirectory } from '../../tenancy'
import type { ServiceContext } from '../context'
import { invitationMail } from './invitation-mail'
import type { ShopUsersSync } from '../shops/shop-users-sync'
import { shopMemberModel } from '../shops/shops.schema'
import { ShopMemberService } from './shop-members.class'

/** settings/access: a shop's staff and invitations (admins only, through the permission table). */
export const shopMembers = (context: ServiceContext, directory: ShopDirectory, sync: ShopUsersSync) => (app: Application) => {
  const path = servicePaths.shopMembers
  app.use(
    path,
    new ShopMemberService(
      { ...context.records, model: shopMemberModel },
      sync,
      ['admin', 'user', 'pos'],
      invitationMail(context)
    ),
    {
      methods: ['find', 'get', 'create', 'patch', 'remove']
    }
  )
  app.service(path).hooks({ before: { all: shopScoped(directory, path) } })
}
