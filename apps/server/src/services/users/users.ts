import { authenticate } from '@feathersjs/authentication'
import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { AccountService } from '../account/account'
import { Throttle } from '../authentication/authentication'
import { requireCaptcha } from '../../platform/http/captcha'
import type { ServiceContext } from '../../platform/http/service-context'
import { UserService } from './users.class'
import { operatorFlag } from './operator-flag'
import { duplicateEmail, prepareRegistration, protectCredentials, restrictToSelf } from './users.hooks'
import { USER_SECRETS, userModel } from './users.schema'

export const users = (context: ServiceContext) => (app: Application) => {
  const flows = new AccountService(app, context)
  const service = new UserService({ ...context.records, model: userModel, secret: USER_SECRETS }, (trx, user, params) =>
    flows.sendCode(trx, user, 'verify', params)
  )
  app.use(servicePaths.users, service, { methods: ['find', 'get', 'create', 'patch', 'remove'] })
  app.service(servicePaths.users).hooks({
    before: {
      find: [authenticate('jwt'), restrictToSelf],
      get: [authenticate('jwt'), restrictToSelf],
      // The captcha first (decision 0201): a bot learns nothing, not even whether an e-mail is taken.
      create: [
        requireCaptcha(context.config.captcha),
        prepareRegistration(context.config, new Throttle(context.db.knex, context.config.loginLimits))
      ],
      patch: [authenticate('jwt'), restrictToSelf, protectCredentials],
      remove: [authenticate('jwt'), restrictToSelf]
    },
    after: { all: [operatorFlag(context.config)] },
    error: { create: [duplicateEmail] }
  })
}
