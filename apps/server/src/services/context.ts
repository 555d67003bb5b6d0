import type { Db } from '../db/knex'
import type { CountCache } from './store/count-cache'
import type { AppConfig } from '../config'
import type { Mailer } from '../mail/mailer'

/** What every service registration receives: the database, the count cache, the settings. */
export interface ServiceContext {
  config: AppConfig
  db: Db
  counts: CountCache
  mailer: Mailer
  store: { db: Db; counts: CountCache; maxLimit: number; paginate: { default: number; max: number } }
}
