import { BadRequest, NotAuthenticated } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import { servicePaths, type TwoStepAnswer, type User } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import type { RecordParams } from '../../platform/records/record-service'
import {
  loginKeys,
  newRecoveryCodes,
  newTwoStepSecret,
  Throttle,
  twoStepUri,
  TwoStepStore,
  verifyPassword
} from '../authentication/authentication'

type Caller = Params & { user?: User; address?: string }

const wrongCode = () => new BadRequest('The code is wrong or was already used', { key: 'errors.twoStepCode', field: 'code' })

/**
 * Two-step sign-in of the caller's own account (decision 0136): `start` makes a pending secret
 * (answered once, for the QR code), `confirm` turns it on with a code from it and answers ten
 * recovery codes, `recoveryCodes` replaces them (with a code), `disable` needs the password and a
 * code. A wrong code or password counts against the account's sign-in limit, as a failed login.
 */
export class AccountTwoStep {
  private readonly store: TwoStepStore
  private readonly throttle: Throttle

  constructor(
    private readonly app: App,
    private readonly context: ServiceContext
  ) {
    this.store = new TwoStepStore(context.db.knex)
    this.throttle = new Throttle(context.db.knex, context.config.loginLimits)
  }

  private users() {
    return this.app.service(servicePaths.users) as unknown as {
      patch: (id: string, data: Record<string, unknown>, params?: RecordParams) => Promise<User>
      _get: (id: string, params: RecordParams) => Promise<User & { password?: string }>
      emit: (event: string, data: unknown) => void
    }
  }

  async create(data: Record<string, unknown>, params: Caller): Promise<TwoStepAnswer> {
    const user = params.user
    if (!user) throw new NotAuthenticated('Not authenticated')
    const action = data?.action
    if (action === 'start') return this.start(user)
    if (action !== 'confirm' && action !== 'recoveryCodes' && action !== 'disable')
      throw new BadRequest('"action" must be start, confirm, recoveryCodes or disable', {
        key: 'format.invalid',
        field: 'action'
      })
    const keys = loginKeys(user.email, params.address)
    await this.throttle.check(keys)
    const fail = async (error: Error) => {
      await this.throttle.fail(keys)
      throw error
    }
    if (action === 'disable') {
      const stored = await this.users()._get(user._id, { withSecrets: true })
      if (!(await verifyPassword(stored.password, typeof data.password === 'string' ? data.password : '')))
        return fail(new BadRequest('The current password is wrong', { key: 'errors.oldPassword', field: 'password' }))
    }
    const knex = this.context.db.knex
    const pending = action === 'confirm'
    const outcome = await knex.transaction(async (trx) => {
      if (!(await this.store.useCode(user._id, data.code, trx, pending))) return undefined
      if (action === 'disable') {
        await this.store.remove(trx, user._id)
        return { user: await this.users().patch(user._id, { twoStep: false }, { transaction: trx }), codes: undefined }
      }
      const codes = newRecoveryCodes()
      if (pending) {
        await this.store.confirm(trx, user._id, codes)
        return { user: await this.users().patch(user._id, { twoStep: true }, { transaction: trx }), codes }
      }
      await this.store.replaceRecoveryCodes(trx, user._id, codes)
      return { user: undefined, codes }
    })
    if (!outcome) return fail(wrongCode())
    // After the commit, so every process's cached account (and the admin requirement) sees the change.
    if (outcome.user) this.users().emit('patched', outcome.user)
    return { twoStep: action !== 'disable', ...(outcome.codes ? { recoveryCodes: outcome.codes } : {}) }
  }

  private async start(user: User): Promise<TwoStepAnswer> {
    if (user.twoStep) throw new BadRequest('Two-step sign-in is already on', { key: 'errors.twoStepOn', field: 'action' })
    const secret = newTwoStepSecret()
    await this.store.start(user._id, secret)
    return { twoStep: false, secret, uri: twoStepUri(secret, user.email) }
  }
}
