import { authenticate } from '@feathersjs/authentication'
import { hooks as localHooks } from '@feathersjs/authentication-local'
import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import { UserService } from './users.class'
import { prepareRegistration, protectCredentials, restrictToSelf } from './users.hooks'
import { userModel } from './users.schema'

export const users = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.users, new UserService({ ...context.store, model: userModel, secret: ['password'] }), {
    methods: ['find', 'get', 'create', 'patch', 'remove']
  })
  app.service(servicePaths.users).hooks({
    before: {
      find: [authenticate('jwt'), restrictToSelf],
      get: [authenticate('jwt'), restrictToSelf],
      create: [prepareRegistration, localHooks.hashPassword('password')],
      patch: [authenticate('jwt'), restrictToSelf, protectCredentials],
      remove: [authenticate('jwt'), restrictToSelf]
    }
  })
}
