import { jobsStatus } from '../platform/jobs/status'
import { runShopScript } from './shop-script'

/**
 * `npm run jobs`: the job queue's state (decision 0145), as the operator console's Jobs tab shows it:
 * per queue the jobs queued, running, finished, failed and retried, then the latest failures with their
 * error. On the server's own DATABASE_URL (any time) or DATA_DIR (PGlite locks it: with the server
 * running, read the console's Jobs tab instead).
 */
runShopScript(async (knex, shop) => {
  if (shop !== undefined) throw new Error('jobs shows the whole platform\u2019s queue; it takes no shop id')
  const status = await jobsStatus(knex)
  const rows = status.queues.map((queue) => ({
    queue: queue.name,
    queued: queue.queued,
    running: queue.running,
    completed: queue.completed,
    failed: queue.failed,
    retried: queue.retried
  }))
  if (!rows.length) console.log('No queues yet: the server makes them when it starts.')
  else console.table(rows)
  if (!status.failures.length) return console.log('No failed jobs.')
  console.log('Latest failed jobs:')
  for (const failure of status.failures)
    console.log(`  ${failure.failedAt}  ${failure.name}  ${failure.id}  after ${failure.retries} retries: ${failure.error}`)
})
