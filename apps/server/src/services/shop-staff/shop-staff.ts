import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { shopScoped, ShopUsersSync } from '../../platform/tenancy'
import { currentMonthUsed } from './discount-month'
import { invitationMail } from './invitation-mail'
import { ShopStaffService, type StaffParts } from './shop-staff.class'
import { shopStaffModel } from './shop-staff.schema'

export { ShopStaffService, type StaffParts } from './shop-staff.class'

/** What a service over the staff table is built from (sub-shops use the same table). */
export const staffParts = (context: ServiceContext, app: Application): StaffParts => ({
  options: { ...context.records, model: shopStaffModel },
  sync: new ShopUsersSync(app, context.directory),
  onInvited: invitationMail(context),
  billing: context.config.billing
})

/** settings/access: a shop's staff and invitations (admins only, through the permission table). */
export const shopStaff = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.shopStaff
  app.use(path, new ShopStaffService(staffParts(context, app), ['admin', 'user', 'pos']), {
    methods: ['find', 'get', 'create', 'patch', 'remove']
  })
  app.service(path).hooks({
    before: { all: shopScoped(context.directory, path) },
    after: { find: [currentMonthUsed(context.db.knex)], get: [currentMonthUsed(context.db.knex)] }
  })
}
