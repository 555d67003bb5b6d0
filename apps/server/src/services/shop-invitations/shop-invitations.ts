import { authenticate } from '@feathersjs/authentication'
import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { ShopUsersSync } from '../../platform/tenancy'
import { ShopInvitationService } from './shop-invitations.class'

export const shopInvitations = (context: ServiceContext) => (app: Application) => {
  const sync = new ShopUsersSync(app, context.directory)
  app.use(servicePaths.shopInvitations, new ShopInvitationService(app, context.db.knex, sync), {
    methods: ['find', 'patch', 'remove'],
    events: []
  })
  app.service(servicePaths.shopInvitations).hooks({ before: { all: [authenticate('jwt')] } })
}
