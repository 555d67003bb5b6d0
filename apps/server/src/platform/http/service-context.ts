import type { Db } from '../db/knex'
import type { CountCache } from '../records/count-cache'
import type { AppConfig } from '../../config'
import type { Mailer } from '../mail/mailer'
import type { ShopDirectory } from '../tenancy'
import type { Jobs } from '../jobs/queue'
import type { Logger } from 'pino'

/** What every service registration receives: the database, the count cache, the settings. */
export interface ServiceContext {
  config: AppConfig
  /** The server's JSON logger (decision 0209): faults and notices, never bodies or personal data. */
  logger: Logger
  db: Db
  counts: CountCache
  mailer: Mailer
  /** Shops as the tenancy checks see them (members, features), cached per process. */
  directory: ShopDirectory
  /**
   * The time billing and other scheduled rules read (decision 0129): `Date.now()` in production; a test
   * moves it to reach a trial's end without waiting.
   */
  clock: Clock
  /** The job queue (decision 0145): timed rules and mail delivery run as its jobs. */
  jobs?: Jobs
  /** Whether the process is serving callers now (decision 0169): background work gives way to them. */
  activity?: { busy(): boolean }
  records: { db: Db; counts: CountCache; maxLimit: number; paginate: { default: number; max: number }; rowSecurity: boolean }
}

/** A settable source of "now", so time-based rules are tested by moving the clock, never by sleeping. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
