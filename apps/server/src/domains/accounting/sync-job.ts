import type { Jobs } from '../../platform/jobs/queue'
import { CONNECTIONS } from './connection'
import { syncShop, type SyncDeps } from './sync'

/*
 * Pushing runs as jobs of the queue (decision 0197): `accounting.sync {shop}` is sent when an order of a
 * connected shop is paid or refunded (and by "Sync now"); once a minute a sweep sends one for every
 * connected shop, so a record whose trigger was missed (a crash, a rate limit) is pushed anyway. A throw
 * (rate limited, the provider down) retries the job with backoff; the sync log keeps each record's try.
 */

export const ACCOUNTING_SYNC_JOB = 'accounting.sync'
export const ACCOUNTING_SWEEP_JOB = 'accounting.sweep'

export const defineAccountingJobs = (jobs: Jobs, deps: SyncDeps) => {
  jobs.define<{ shop?: string }>({
    name: ACCOUNTING_SYNC_JOB,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    pollSeconds: 2,
    run: async ({ shop }) => {
      if (typeof shop === 'string' && shop) await syncShop(deps, shop)
    }
  })
  jobs.define({
    name: ACCOUNTING_SWEEP_JOB,
    cron: '* * * * *',
    run: async () => {
      const shops = (await deps.knex(CONNECTIONS).where({ status: 'connected' }).whereNotNull('syncFrom').select('shop')) as {
        shop: string
      }[]
      for (const { shop } of shops) await jobs.send(ACCOUNTING_SYNC_JOB, { shop })
    }
  })
}
