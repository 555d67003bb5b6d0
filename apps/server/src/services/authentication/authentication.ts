import { AuthenticationService, JWTStrategy } from '@feathersjs/authentication'
import { NotAuthenticated } from '@feathersjs/errors'
import { LocalStrategy } from '@feathersjs/authentication-local'
import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { StoreParams } from '../store/store-service'

/** Local login reads the password hash through the adapter, the one caller allowed to see it. */
class EmailStrategy extends LocalStrategy {
  override async findEntity(username: string, params: Params) {
    const { entityService } = this
    const list = (await (entityService as unknown as { _find: (p: StoreParams) => Promise<unknown[]> })._find({
      query: { email: String(username).trim().toLowerCase(), $limit: 1 },
      paginate: false,
      withSecrets: true,
      transaction: (params as StoreParams).transaction
    })) as unknown[]
    if (!list.length) throw new NotAuthenticated(this.configuration.errorMessage)
    return list[0]
  }
}

export const authentication = (secret: string) => (app: Application) => {
  app.set('authentication', {
    secret,
    entity: 'user',
    service: servicePaths.users,
    entityId: '_id',
    authStrategies: ['jwt', 'local'],
    jwtOptions: { header: { typ: 'access' }, audience: 'emporia', issuer: 'emporia', algorithm: 'HS256', expiresIn: '7d' },
    local: { usernameField: 'email', passwordField: 'password' }
  })
  const service = new AuthenticationService(app)
  service.register('jwt', new JWTStrategy())
  service.register('local', new EmailStrategy())
  app.use(servicePaths.authentication, service)
}
