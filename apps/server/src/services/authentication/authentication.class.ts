import { createSecretKey, type KeyObject } from 'node:crypto'
import { AuthenticationService, type AuthenticationResult } from '@feathersjs/authentication'
import type { Params } from '@feathersjs/feathers'
import type { SessionStore } from './sessions'

/**
 * jsonwebtoken turns a string secret into a key on every call, first trying (and failing) to parse
 * it as a public key: a third of a request's CPU once signed in (docs/benchmarks.md). The key is
 * made once here instead.
 */
export class KeyedAuthenticationService extends AuthenticationService {
  private key?: KeyObject
  /** Where sign-ins are recorded (decision 0136); set when the service is registered. */
  sessions?: SessionStore

  private secretKey(): KeyObject {
    return (this.key ??= createSecretKey(Buffer.from(this.configuration.secret as string)))
  }

  /**
   * Every token also says when it was issued to the millisecond (`iatMs`): a password change ends
   * the tokens issued before it, and `iat` (whole seconds) could not tell those from the fresh
   * token handed out in the same second (decision 0067).
   */
  // jsonwebtoken takes a KeyObject as the secret; Feathers types the secret as a string.
  override createAccessToken(payload: string | Buffer | object, options?: object, secret?: string) {
    const claims = typeof payload === 'object' && !Buffer.isBuffer(payload) ? { ...payload, iatMs: Date.now() } : payload
    return super.createAccessToken(claims, options, secret ?? (this.secretKey() as unknown as string))
  }

  /**
   * A new sign-in (any strategy but the JWT itself) is a new session: its id goes into the token as
   * `sid`, with the device and address it came from (decision 0136).
   */
  override async getPayload(authResult: AuthenticationResult, params: Params) {
    const payload = await super.getPayload(authResult, params)
    const user = authResult.user as { _id?: string } | undefined
    if (this.sessions && user?._id && !payload.sid) {
      const caller = params as Params & { address?: string; headers?: Record<string, unknown> }
      payload.sid = await this.sessions.open(user._id, caller.headers?.['user-agent'], caller.address)
    }
    return payload
  }

  override verifyAccessToken(accessToken: string, options?: object, secret?: string) {
    return super.verifyAccessToken(accessToken, options, secret ?? (this.secretKey() as unknown as string))
  }
}
