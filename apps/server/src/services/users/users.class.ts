import type { Knex } from 'knex'
import type { User, UserData, UserPatch } from '@emporia/shared'
import { StoreService, type StoreOptions, type StoreParams } from '../store/store-service'

export type OnRegistered = (trx: Knex.Transaction, user: User, params: StoreParams) => Promise<void>

/** Staff accounts. The password hash is a secret: it never leaves the server. */
export class UserService extends StoreService<User, UserData, UserPatch> {
  constructor(
    options: StoreOptions,
    private readonly onRegistered: OnRegistered
  ) {
    super(options)
  }

  /** A registration commits with its verification mail, or neither happens. */
  override async create(data: UserData | UserData[], params: StoreParams = {}): Promise<User | User[]> {
    if (!params.provider || params.transaction) return super.create(data, params)
    return this.options.db.knex.transaction(async (trx) => {
      const user = (await super.create(data, { ...params, transaction: trx })) as User
      await this.onRegistered(trx, user, params)
      return user
    })
  }
}
