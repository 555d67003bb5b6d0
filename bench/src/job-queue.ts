import { createDb, type Db } from '../../apps/server/src/platform/db/knex'
import { migrate } from '../../apps/server/src/platform/db/migrate'
import { createJobs } from '../../apps/server/src/platform/jobs/queue'
import { ADMIN_URL, withClient } from './support/postgres'
import type { Figure, Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

/** A database of its own, made afresh each run. */
const DB = 'emporia_bench_jobs'
const DB_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${DB}$1`)
const FINISHED = Number(process.env.BENCH_JOBS_FINISHED ?? 100_000)
const PICKS = Number(process.env.BENCH_JOBS_PICKS ?? 300)
const QUEUE = 'bench.picks'
const GOAL_MS = 5

/**
 * The job queue (issue 33, decision 0145): with FINISHED completed jobs in the queue's table (kept, as
 * the queue keeps them a week), how long a worker's fetch takes to pick the next waiting job, through
 * the app's own knex adapter — on PostgreSQL and on PGlite in its worker thread, as the server runs.
 * Each pick: one job sent, then the timed fetch, then completed (not timed).
 */
const measure = async (db: Db, name: string, log: Log) => {
  await migrate(db.knex)
  const jobs = createJobs({ knex: db.knex, work: false, log: (error) => log(`  ${name} queue error: ${String(error)}`) })
  jobs.define({ name: QUEUE, run: async () => undefined })
  await jobs.start()
  try {
    const seeded = performance.now()
    // Finished jobs straight into the queue's table (pg-boss's own columns default the rest).
    for (let done = 0; done < FINISHED; done += 10_000)
      await db.knex.raw(
        `insert into pgboss.job (name, data, state, started_on, completed_on)
         select ?, jsonb_build_object('n', n), 'completed', now(), now() from generate_series(1, ?) n`,
        [QUEUE, Math.min(10_000, FINISHED - done)]
      )
    await db.knex.raw('analyze pgboss.job')
    log(`  ${name}: ${FINISHED} finished jobs in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    const times: number[] = []
    for (let i = 0; i < PICKS + 20; i++) {
      await jobs.boss.send(QUEUE, { i })
      const started = performance.now()
      const [job] = await jobs.boss.fetch(QUEUE)
      const took = performance.now() - started
      if (!job) throw new Error(`${name}: no job to pick`)
      await jobs.boss.complete(QUEUE, job.id)
      if (i >= 20) times.push(took)
    }
    const picks = percentiles(times)
    log(`  ${name}: pick ${JSON.stringify(picks)} ms`)
    return picks
  } finally {
    await jobs.stop()
  }
}

export const runJobQueue = async (log: Log): Promise<Outcome> => {
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${DB}`)
    await admin.query(`create database ${DB}`)
  })
  const postgres = await createDb({ databaseUrl: DB_URL, dataDir: 'unused', statementTimeoutMs: 0 })
  const onPostgres = await measure(postgres, 'PostgreSQL', log).finally(() => postgres.close())
  const pglite = await createDb({ dataDir: 'memory://', worker: true, statementTimeoutMs: 0 })
  const onPglite = await measure(pglite, 'PGlite (worker)', log).finally(() => pglite.close())
  const figure = (name: string, picks: ReturnType<typeof percentiles>): Figure => ({
    name: `${name}: pick the next job among ${FINISHED.toLocaleString('en')} finished`,
    measured: `p50 ${picks.p50} ms, p95 ${picks.p95} ms`,
    goal: `≤ ${GOAL_MS} ms (p95)`,
    pass: picks.p95 <= GOAL_MS
  })
  return {
    workload: 'job queue',
    figures: [figure('PostgreSQL', onPostgres), figure('PGlite', onPglite)],
    raw: { finished: FINISHED, picks: PICKS, postgres: onPostgres, pglite: onPglite }
  }
}
