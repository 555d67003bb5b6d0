import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { runBillingSweep, type BillingSweepOptions } from './domains/billing/billing-sweep'
import { recheckDomains } from './domains/eshop/domains/domain-recheck'
import { expireUnpaidOrders } from './domains/storefront/commerce/unpaid-orders'
import { purgeDueShops } from './domains/shop-transfer/shop-deletion'
import type { ServiceContext } from './platform/http/service-context'
import { purgeOldMails } from './platform/mail/retention'
import type { Jobs } from './platform/jobs/queue'

/** The queues of the app's timed rules and mail delivery (decision 0145). */
export const JOB = {
  mailDrain: 'mail.drain',
  unpaidOrders: 'orders.void-unpaid',
  billing: 'billing.sweep',
  reservations: 'stock.release-reservations',
  pointExpiry: 'points.expire',
  rankExpiry: 'ranks.expire',
  domains: 'domains.recheck',
  shopDeletion: 'shops.delete-due',
  mailRetention: 'mail.delete-old'
} as const

interface Sweeping {
  sweep(now?: Date): Promise<number>
}

const sweeper = (app: Application, path: string) => app.service(path) as unknown as Sweeping

export interface AppJobsOptions {
  /** The billing sweep (off in tests that sweep by hand with a moved clock). */
  billing?: BillingSweepOptions | false
}

/**
 * Every timed rule of the app as a job: each scheduled by cron (UTC) across all processes, `stately`
 * (one waiting, one running at a time), retried with backoff, its last failure kept in the dead letters.
 * Each handler opens its shops' tenancy itself, a transaction per shop, and re-checks under its locks,
 * so a job run twice (a retry after a crash) changes nothing the first run did.
 */
export const defineAppJobs = (jobs: Jobs, app: Application, context: ServiceContext, options: AppJobsOptions = {}) => {
  const { mailer } = context
  if (mailer.delivers)
    jobs.define({
      name: JOB.mailDrain,
      // Sent right after each enqueue commits (the mailer's wake); the schedule picks up mails whose retry is due.
      cron: '* * * * *',
      // Without the platform's sender only a shop's own account sends, woken by its mails: polled seldom.
      pollSeconds: mailer.provider ? 2 : 60,
      run: () => mailer.drain()
    })
  jobs.define({
    name: JOB.unpaidOrders,
    cron: '* * * * *',
    run: () => expireUnpaidOrders({ app, context }, context.clock.now())
  })
  if (options.billing !== false && context.config.billing) {
    const billing = options.billing ?? {}
    jobs.define({ name: JOB.billing, cron: '* * * * *', run: () => runBillingSweep(context, app as never, billing) })
  }
  jobs.define({
    name: JOB.reservations,
    cron: '* * * * *',
    run: () => sweeper(app, servicePaths.stockReservations).sweep()
  })
  jobs.define({ name: JOB.pointExpiry, cron: '7 0 * * *', run: () => sweeper(app, servicePaths.pointLogs).sweep() })
  jobs.define({ name: JOB.rankExpiry, cron: '17 0 * * *', run: () => sweeper(app, servicePaths.shopRankLogs).sweep() })
  // Daily, at a quiet hour in Hong Kong (UTC 19:47 is 03:47 there): DNS re-checked, registrations' ends warned of.
  jobs.define({ name: JOB.domains, cron: '47 19 * * *', run: () => recheckDomains(app, context) })
  // Hourly: shops whose deletion date has passed lose their rows and files (decision 0211).
  jobs.define({
    name: JOB.shopDeletion,
    cron: '37 * * * *',
    run: () => purgeDueShops(context.db.knex, { now: context.clock.now(), dataDir: context.config.dataDir })
  })
  // Hourly: sent mails past MAIL_RETENTION_DAYS (failed ones past three times that) leave the outbox, in batches (decision 0215).
  jobs.define({
    name: JOB.mailRetention,
    cron: '53 * * * *',
    run: () => purgeOldMails(context.db.knex, { now: context.clock.now(), days: context.config.mailRetentionDays })
  })
}

/** Jobs run once at start as the old timers did (a sweep that was due while no process ran). */
export const APP_JOBS_AT_START = [JOB.billing, JOB.unpaidOrders, JOB.pointExpiry, JOB.rankExpiry, JOB.reservations]
