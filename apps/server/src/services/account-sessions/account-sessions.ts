import { authenticate } from '@feathersjs/authentication'
import { BadRequest, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application, Id, Params } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type User, type UserSession } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { SessionStore } from '../authentication/authentication'

type Caller = Params & { user?: User; authentication?: { payload?: { sid?: unknown } } }

const signedIn = (params: Caller): User => {
  if (!params.user) throw new NotAuthenticated('Not authenticated')
  return params.user
}

/**
 * `users/sessions` (decision 0136): the caller's signed-in devices. `find` lists them (the caller's
 * own marked `current`), `remove(id)` signs one out, `remove(null)` signs out everywhere, this device
 * included. An ended session's tokens are refused from then on and its sockets disconnected: the
 * account is announced, so every process's JWT strategy reads its ended sessions again.
 */
export class AccountSessions {
  constructor(
    private readonly app: Application,
    private readonly store: SessionStore
  ) {}

  async find(params: Caller): Promise<UserSession[]> {
    const user = signedIn(params)
    const sid = params.authentication?.payload?.sid
    return this.store.list(user._id, typeof sid === 'string' ? sid : undefined)
  }

  async remove(id: Id | null, params: Caller): Promise<{ ended: number }> {
    const user = signedIn(params)
    if (id !== null && !isObjectId(id))
      throw new BadRequest('The id must be a session id', { key: 'format.invalid', field: '_id' })
    const ended = await this.store.end(user._id, id)
    if (id !== null && !ended) throw new NotFound(`No record found for id '${id}'`)
    const users = this.app.service(servicePaths.users) as unknown as {
      patch: (id: string, data: Record<string, unknown>) => Promise<User>
      emit: (event: string, data: unknown) => void
    }
    // Everywhere: tokens of no session (issued before sessions existed, or by a password change) end too.
    if (id === null) await users.patch(user._id, { tokensValidAfter: new Date().toISOString() })
    else users.emit('patched', user)
    return { ended }
  }
}

export const accountSessions = (context: ServiceContext) => (app: Application) => {
  const auth = app.service(servicePaths.authentication) as unknown as { sessions?: SessionStore }
  const service = new AccountSessions(app, auth.sessions ?? new SessionStore(context.db.knex))
  app.use(
    servicePaths.usersSessions,
    {
      find: (params: Params) => service.find(params),
      remove: (id: Id | null, params: Params) => service.remove(id, params)
    },
    { methods: ['find', 'remove'], events: [] }
  )
  app.service(servicePaths.usersSessions).hooks({ before: { all: [authenticate('jwt')] } })
}
