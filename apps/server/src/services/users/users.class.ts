import type { Knex } from 'knex'
import type { User, UserData, UserPatch } from '@emporia/shared'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'

export type OnRegistered = (trx: Knex.Transaction, user: User, params: RecordParams) => Promise<void>

/** Staff accounts. The password hash is a secret: it never leaves the server. */
export class UserService extends RecordService<User, UserData, UserPatch> {
  constructor(
    options: RecordOptions,
    private readonly onRegistered: OnRegistered
  ) {
    super(options)
  }

  /** A registration commits with its verification mail, or neither happens. */
  override async create(data: UserData | UserData[], params: RecordParams = {}): Promise<User | User[]> {
    if (!params.provider || params.transaction) return super.create(data, params)
    return this.options.db.knex.transaction(async (trx) => {
      const user = (await super.create(data, { ...params, transaction: trx })) as User
      await this.onRegistered(trx, user, params)
      return user
    })
  }
}
