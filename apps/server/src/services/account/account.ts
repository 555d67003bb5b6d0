import { authenticate } from '@feathersjs/authentication'
import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { requireCaptcha } from '../../platform/http/captcha'
import type { ServiceContext } from '../../platform/http/service-context'
import { AccountService } from './account.class'
import type { ResetRequest } from './account.schema'

export { AccountService } from './account.class'

/** Account flows as the spec's create-only paths (§7.2); `users/reset` is ours (ARCHITECTURE §4). */
export const account = (context: ServiceContext) => (app: Application) => {
  const flows = new AccountService(app, context)
  const signedIn = { before: { create: [authenticate('jwt')] } }
  app.use(
    servicePaths.usersVerify,
    { create: (data: { token?: unknown }, params: Params) => flows.verify(data, params) },
    {
      methods: ['create'],
      events: []
    }
  )
  app.use(
    servicePaths.usersResend,
    { create: (_data: unknown, params: Params) => flows.resend(params) },
    { methods: ['create'], events: [] }
  )
  app.use(
    servicePaths.usersChangePassword,
    { create: (data: { oldPassword?: unknown; password?: unknown }, params: Params) => flows.changePassword(data, params) },
    { methods: ['create'], events: [] }
  )
  app.use(
    servicePaths.usersReset,
    { create: (data: ResetRequest, params: Params) => flows.reset(data, params) },
    {
      methods: ['create'],
      events: []
    }
  )
  // Asking for a code mails anyone's address: that step needs the captcha when it is on (decision 0201);
  // checking a code is throttled and needs the mailed code already.
  app.service(servicePaths.usersReset).hooks({
    before: { create: [requireCaptcha(context.config.captcha, (data) => data.action === 'request')] }
  })
  app.service(servicePaths.usersVerify).hooks(signedIn)
  app.service(servicePaths.usersResend).hooks(signedIn)
  app.service(servicePaths.usersChangePassword).hooks(signedIn)
}
