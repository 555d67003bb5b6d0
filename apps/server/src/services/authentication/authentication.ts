import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { resolveAuthSecret } from '../../config'
import type { ServiceContext } from '../../platform/http/service-context'
import { KeyedAuthenticationService } from './authentication.class'
import { authenticationSettings } from './authentication.schema'
import { CachedJWTStrategy } from './cached-jwt-strategy'
import { EmailStrategy } from './email-strategy'
import { SessionStore } from './sessions'
import { Throttle } from './throttle'
import { TwoStepStore } from './two-step'

export { hashPassword, verifyPassword } from './passwords'
export { loginKeys, Throttle } from './throttle'
export { SessionStore } from './sessions'
export { newRecoveryCodes, newTwoStepSecret, twoStepUri, TwoStepStore, wrongTwoStepCode } from './two-step'
export { KeyedAuthenticationService } from './authentication.class'

export const authentication = (context: ServiceContext) => (app: Application) => {
  app.set('authentication', authenticationSettings(resolveAuthSecret(context.config)))
  const service = new KeyedAuthenticationService(app)
  service.sessions = new SessionStore(context.db.knex)
  service.register('jwt', new CachedJWTStrategy(context.db.dialect === 'pglite' ? Infinity : 60_000, service.sessions))
  service.register(
    'local',
    new EmailStrategy(new Throttle(context.db.knex, context.config.loginLimits), new TwoStepStore(context.db.knex))
  )
  app.use(servicePaths.authentication, service)
}
