import { JWTStrategy, type AuthenticationRequest } from '@feathersjs/authentication'
import { NotAuthenticated } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { RealTimeConnection } from '@feathersjs/transport-commons'
import '@feathersjs/transport-commons'
import type { SessionStore } from './sessions'

type Entity = Record<string, unknown> & { _id?: string }
type Payload = { sub?: unknown; iat?: unknown; iatMs?: unknown; sid?: unknown }
type Connection = RealTimeConnection & { user?: { _id?: string }; authentication?: { accessToken?: string } }

/** The account as its owner sees it, and the moment before which its tokens are refused (ms, 0: none). */
interface Account {
  entity: Entity
  validAfter: number
  /** The account's signed-out sessions (decision 0136): a token of one is refused. */
  ended: Set<string>
}

const MAX_ENTRIES = 10_000

/** When a token was issued, in ms: `iatMs` (ours, decision 0067), else `iat` (seconds) for older tokens. */
export const issuedAt = (payload: Payload | undefined): number => {
  if (typeof payload?.iatMs === 'number') return payload.iatMs
  return typeof payload?.iat === 'number' ? payload.iat * 1000 : 0
}

/** The claims of a token this server signed and checked when the connection authenticated. */
const claimsOf = (token: string | undefined): Payload | undefined => {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8')) as Payload
  } catch {
    return undefined
  }
}

export const sessionEnded = () =>
  new NotAuthenticated('Your session has ended; please sign in again', { key: 'errors.sessionEnded' })

/**
 * Feathers' JWT strategy reads the account twice per authenticated call (an internal get, then the
 * same get through the service's hooks). Here it is read once and kept, dropped on every change of
 * that account (peers re-emit account events, 0007), so a call costs no account query at all.
 *
 * A token issued before the account's `tokensValidAfter` (its last password change or reset) is
 * refused, and on every change of an account the sockets of this process still signed in with such
 * a token are disconnected: on any process, the change arrives as a users event. The same goes for
 * a token of a signed-out session (`sid`, decision 0136): the account's ended sessions are read with
 * the account, and ending one announces the account so every process reads them again.
 */
export class CachedJWTStrategy extends JWTStrategy {
  private readonly cache = new Map<string, { at: number; account: Promise<Account> }>()

  constructor(
    private readonly ttlMs: number,
    private readonly sessions?: SessionStore
  ) {
    super()
  }

  /** Called by the authentication service once every service exists: listen to account changes. */
  async setup() {
    // Feathers types the entity service without its events: registered, it is an EventEmitter.
    const accounts = this.entityService as unknown as { on: (event: string, listener: (entity: Entity) => void) => void }
    const changed = (entity: Entity) => {
      if (!entity?._id) return
      this.cache.delete(String(entity._id))
      void this.endStaleSessions(String(entity._id)).catch(() => undefined)
    }
    for (const event of ['patched', 'updated']) accounts.on(event, changed)
    accounts.on('removed', (entity) => {
      if (!entity?._id) return
      this.cache.delete(String(entity._id))
      for (const connection of this.connectionsOf(String(entity._id))) this.app?.emit('disconnect', connection)
    })
  }

  private account(id: string): Promise<Account> {
    const hit = this.cache.get(id)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.account
    // Internal get with the service's secrets: the hash is dropped here, the validity kept apart (the
    // entity service's type is Feathers' generic one, hence the cast to what the users service answers).
    const service = this.entityService as unknown as { get: (id: string, p: Params) => Promise<Entity> }
    const account = Promise.all([service.get(id, { withSecrets: true } as Params), this.sessions?.endedIds(id) ?? []]).then(
      ([row, ended]) => {
        const { password: _hash, tokensValidAfter, ...entity } = row
        return {
          entity,
          validAfter: tokensValidAfter ? new Date(tokensValidAfter as string | Date).getTime() : 0,
          ended: new Set(ended)
        }
      }
    )
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(id, { at: Date.now(), account })
    account.catch(() => this.cache.delete(id))
    return account
  }

  override async getEntity(id: string, _params: Params): Promise<Entity> {
    return { ...(await this.account(String(id))).entity }
  }

  override async authenticate(authentication: AuthenticationRequest, params: Params) {
    const result = await super.authenticate(authentication, params)
    const payload = (result.authentication as { payload?: Payload } | undefined)?.payload
    const { validAfter, ended } = await this.account(String(payload?.sub))
    if (issuedAt(payload) < validAfter) throw sessionEnded()
    if (typeof payload?.sid === 'string') {
      if (ended.has(payload.sid)) throw sessionEnded()
      this.sessions?.touch(payload.sid)
    }
    return result
  }

  private connectionsOf(id: string): Connection[] {
    // Channels come with the realtime transport, which Feathers' Application type does not include.
    const app = this.app as unknown as { channel?: (name: string) => { connections: Connection[] } }
    if (typeof app?.channel !== 'function') return []
    return app.channel('authenticated').connections.filter((connection) => connection.user?._id === id)
  }

  /** Disconnects this process's sockets of the account that are signed in with a token it now refuses. */
  private async endStaleSessions(id: string) {
    const connections = this.connectionsOf(id)
    if (!connections.length) return
    const { validAfter, ended } = await this.account(id)
    if (!validAfter && !ended.size) return
    for (const connection of connections) {
      const claims = claimsOf(connection.authentication?.accessToken)
      const stale = issuedAt(claims) < validAfter || (typeof claims?.sid === 'string' && ended.has(claims.sid))
      if (stale) this.app?.emit('disconnect', connection)
    }
  }
}
