import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { resolveAuthSecret } from '../../config'
import type { ServiceContext } from '../../platform/http/service-context'
import { KeyedAuthenticationService } from './authentication.class'
import { authenticationSettings } from './authentication.schema'
import { CachedJWTStrategy } from './cached-jwt-strategy'
import { EmailStrategy } from './email-strategy'
import { Throttle } from './throttle'

export { hashPassword, verifyPassword } from './passwords'
export { loginKeys, Throttle } from './throttle'

export const authentication = (context: ServiceContext) => (app: Application) => {
  app.set('authentication', authenticationSettings(resolveAuthSecret(context.config)))
  const service = new KeyedAuthenticationService(app)
  service.register('jwt', new CachedJWTStrategy(context.db.dialect === 'pglite' ? Infinity : 60_000))
  service.register('local', new EmailStrategy(new Throttle(context.db.knex, context.config.loginLimits)))
  app.use(servicePaths.authentication, service)
}
