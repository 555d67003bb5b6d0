import type { AuthenticationRequest } from '@feathersjs/authentication'
import { NotAuthenticated } from '@feathersjs/errors'
import { LocalStrategy } from '@feathersjs/authentication-local'
import type { Params } from '@feathersjs/feathers'
import type { RecordParams } from '../../platform/records/record-service'
import { verifyPassword } from './passwords'
import { loginKeys, type Throttle } from './throttle'

type Account = { _id: string; password?: string | null }

const invalidLogin = () => new NotAuthenticated('Invalid login', { key: 'errors.login' })

/**
 * E-mail + password login. An unknown e-mail and a wrong password take the same time and give
 * the same answer; failures are counted per account and per address and refused over the limit.
 */
export class EmailStrategy extends LocalStrategy {
  constructor(private readonly throttle: Throttle) {
    super()
  }

  async findAccount(email: string, params: Params): Promise<Account | undefined> {
    // Feathers types the entity service as a plain Service; `_find` (past the hooks, with the hash) is the users record service's.
    const service = this.entityService as unknown as { _find: (p: RecordParams) => Promise<Account[]> }
    const list = await service._find({
      query: { email, $limit: 1 },
      paginate: false,
      withSecrets: true,
      transaction: (params as RecordParams).transaction
    })
    return list[0]
  }

  override async authenticate(data: AuthenticationRequest, params: Params) {
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : ''
    const password = typeof data.password === 'string' ? data.password : ''
    if (!email || !password) throw invalidLogin()
    const keys = loginKeys(email, (params as { address?: string }).address)
    await this.throttle.check(keys)
    const account = await this.findAccount(email, params)
    // verifyPassword spends a real argon2 check even without an account (timing-safe).
    const ok = await verifyPassword(account?.password, password)
    if (!account || !ok) {
      await this.throttle.fail(keys)
      throw invalidLogin()
    }
    await this.throttle.clear(keys.slice(0, 1))
    return { authentication: { strategy: this.name ?? 'local' }, user: await this.getEntity(account, params) }
  }
}
