import { authenticate } from '@feathersjs/authentication'
import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopUsersSync } from '../shops/shop-users-sync'
import { ShopInvitationService } from './shop-invitations.class'

export const shopInvitations = (context: ServiceContext, sync: ShopUsersSync) => (app: Application) => {
  app.use(servicePaths.shopInvitations, new ShopInvitationService(app, context.db.knex, sync), {
    methods: ['find', 'patch', 'remove'],
    events: []
  })
  app.service(servicePaths.shopInvitations).hooks({ before: { all: [authenticate('jwt')] } })
}
