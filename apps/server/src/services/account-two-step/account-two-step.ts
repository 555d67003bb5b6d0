import { authenticate } from '@feathersjs/authentication'
import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { AccountTwoStep } from './account-two-step.class'

/** `users/twoStep create` (decision 0136): the caller's own two-step sign-in; no shop. */
export const accountTwoStep = (context: ServiceContext) => (app: Application) => {
  const flows = new AccountTwoStep(app, context)
  app.use(
    servicePaths.usersTwoStep,
    { create: (data: Record<string, unknown>, params: Params) => flows.create(data ?? {}, params) },
    { methods: ['create'], events: [] }
  )
  app.service(servicePaths.usersTwoStep).hooks({ before: { create: [authenticate('jwt')] } })
}
