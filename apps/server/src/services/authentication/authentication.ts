import { createSecretKey, type KeyObject } from 'node:crypto'
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

/**
 * jsonwebtoken turns a string secret into a key on every call, first trying (and failing) to parse
 * it as a public key: a third of a request's CPU once signed in (docs/benchmarks.md). The key is
 * made once here instead.
 */
class KeyedAuthenticationService extends AuthenticationService {
  private key?: KeyObject

  private secretKey(): KeyObject {
    return (this.key ??= createSecretKey(Buffer.from(this.configuration.secret as string)))
  }

  override createAccessToken(payload: string | Buffer | object, options?: object, secret?: string) {
    return super.createAccessToken(payload, options, secret ?? (this.secretKey() as unknown as string))
  }

  override verifyAccessToken(accessToken: string, options?: object, secret?: string) {
    return super.verifyAccessToken(accessToken, options, secret ?? (this.secretKey() as unknown as string))
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
  const service = new KeyedAuthenticationService(app)
  service.register('jwt', new JWTStrategy())
  service.register('local', new EmailStrategy())
  app.use(servicePaths.authentication, service)
}
