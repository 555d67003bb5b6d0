import { authenticate } from '@feathersjs/authentication'
import { BadRequest, NotAuthenticated } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths, type PosApprovalData, type StaffPinData, type User } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { shopTransaction } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'
import { noEvent, shopOf, userOf } from '../../domains/stock/service-support'
import { checkApprovalData, giveApproval } from '../../domains/pos/approvals'
import { hasPin, storePin } from '../../domains/pos/staff-pin'
import { Throttle, verifyPassword } from '../authentication/authentication'

type Caller = Params & { user?: User; address?: string }

/**
 * Manager approval at the till and staff PINs (decision 0135).
 * - `pos/approvals`: create only (no read, change or removal through any door): the signed-in cashier
 *   asks, the manager's PIN approves; answers the approval's id, sent with the order or refund.
 * - `users/staffPin`: the caller's own PIN: find answers `{hasPin}` (never the hash), create sets or
 *   clears it with the current password (wrong passwords throttled as the password change's are).
 */
export const posApprovals = (context: ServiceContext) => (app: Application) => {
  const { knex } = context.db
  const throttle = new Throttle(knex, context.config.loginLimits)
  registerShopPath(
    app,
    context.directory,
    servicePaths.posApprovals,
    {
      async create(data: PosApprovalData, params: RecordParams & { address?: string } = {}) {
        if (Array.isArray(data)) throw new BadRequest('Ask for one approval at a time')
        const shop = shopOf(params)
        const cashier = userOf(params)
        if (!cashier) throw new NotAuthenticated('Sign in first')
        return giveApproval(
          knex,
          throttle,
          (run) => shopTransaction(knex, context.records.rowSecurity, shop, run),
          { shop, cashier, address: params.address },
          checkApprovalData(data)
        )
      }
    },
    ['create']
  )
  app.service(servicePaths.posApprovals).hooks({ after: { create: [noEvent] } })

  app.use(
    servicePaths.usersStaffPin,
    {
      async find(params: Caller) {
        const user = params.user?._id
        if (!user) throw new NotAuthenticated('Sign in first')
        return { hasPin: await hasPin(knex, user) }
      },
      async create(data: StaffPinData, params: Caller) {
        const user = params.user?._id
        if (!user) throw new NotAuthenticated('Sign in first')
        if (typeof data !== 'object' || data === null) throw new BadRequest('Data must be an object')
        if (data.pin !== null && typeof data.pin !== 'string')
          throw new BadRequest('A PIN is 4 to 8 digits', { key: 'pos.error.pinFormat', field: 'pin' })
        const keys = [`password:${user}`]
        await throttle.check(keys)
        const stored = (await knex('users').where({ _id: user }).first('password')) as { password?: string } | undefined
        if (!(await verifyPassword(stored?.password, typeof data.password === 'string' ? data.password : ''))) {
          await throttle.fail(keys)
          throw new BadRequest('The current password is wrong', { key: 'errors.oldPassword', field: 'password' })
        }
        await storePin(knex, user, data.pin)
        return { hasPin: data.pin !== null }
      }
    },
    { methods: ['find', 'create'], events: [] }
  )
  app.service(servicePaths.usersStaffPin).hooks({ before: { all: [authenticate('jwt')] } })
}
