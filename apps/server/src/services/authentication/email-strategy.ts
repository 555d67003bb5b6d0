import type { AuthenticationRequest } from '@feathersjs/authentication'
import { NotAuthenticated } from '@feathersjs/errors'
import { LocalStrategy } from '@feathersjs/authentication-local'
import type { Params } from '@feathersjs/feathers'
import type { RecordParams } from '../../platform/records/record-service'
import { verifyPassword } from './passwords'
import { loginKeys, type Throttle } from './throttle'
import { twoStepRequired, wrongTwoStepCode, type TwoStepStore } from './two-step'

type Account = { _id: string; password?: string | null; twoStep?: boolean }

const invalidLogin = () => new NotAuthenticated('Invalid login', { key: 'errors.login' })

/**
 * E-mail + password login. An unknown e-mail and a wrong password take the same time and give
 * the same answer; failures are counted per account and per address and refused over the limit.
 *
 * With two-step sign-in on (decision 0136) the right password alone is answered 401
 * `errors.twoStepRequired`; the same request again with `totp` (a 6-digit code or a recovery code)
 * signs in. A wrong code counts as a wrong password, under the same keys and limits.
 */
export class EmailStrategy extends LocalStrategy {
  constructor(
    private readonly throttle: Throttle,
    private readonly twoStep: TwoStepStore
  ) {
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
    if (account.twoStep) {
      if (data.totp === undefined || data.totp === null || data.totp === '') throw twoStepRequired()
      if (!(await this.twoStep.useCode(account._id, data.totp))) {
        await this.throttle.fail(keys)
        throw wrongTwoStepCode()
      }
    }
    await this.throttle.clear(keys.slice(0, 1))
    return { authentication: { strategy: this.name ?? 'local' }, user: await this.getEntity(account, params) }
  }
}
