import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../src/platform/db/knex'
import { DEAD_LETTERS, createJobs, type Jobs } from '../../../src/platform/jobs/queue'
import { jobsStatus } from '../../../src/platform/jobs/status'
import { dialects, freshDb } from '../../support/databases'
import { PATIENCE } from '../../support/waits'

/** The job queue (issue 33, decision 0145): pg-boss through the app's knex, on PGlite and PostgreSQL. */
describe.each(await dialects())('job queue (%s)', (dialect) => {
  let db: Db
  const started: Jobs[] = []
  const jobsOn = () => {
    const jobs = createJobs({ knex: db.knex, log: () => undefined, superviseSeconds: 1 })
    started.push(jobs)
    return jobs
  }
  const rowsOf = async (name: string) =>
    (
      await db.knex.raw(`select state, retry_count, retry_backoff, data from pgboss.job where name = ? order by created_on`, [
        name
      ])
    ).rows as { state: string; retry_count: number; retry_backoff: boolean; data: Record<string, unknown> }[]

  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterEach(async () => {
    await Promise.all(started.splice(0).map((jobs) => jobs.stop()))
  })
  afterAll(async () => {
    await db.close()
  })

  it('retries a failing job with backoff until it succeeds', async () => {
    const jobs = jobsOn()
    let tries = 0
    jobs.define({
      name: 'test.flaky',
      retryLimit: 3,
      retryDelay: 1,
      retryBackoff: true,
      pollSeconds: 0.5,
      run: async () => {
        tries++
        if (tries < 3) throw new Error(`try ${tries} fails`)
      }
    })
    await jobs.start()
    await jobs.send('test.flaky', { n: 1 })
    await expect.poll(async () => (await rowsOf('test.flaky'))[0]?.state, PATIENCE).toBe('completed')
    const [row] = await rowsOf('test.flaky')
    expect(row).toMatchObject({ retry_count: 2, retry_backoff: true })
    expect(tries).toBe(3)
  })

  it('moves a job that fails every try to the dead letters, with its data', async () => {
    const jobs = jobsOn()
    jobs.define({
      name: 'test.broken',
      retryLimit: 1,
      retryDelay: 1,
      pollSeconds: 0.5,
      run: async () => {
        throw new Error('always broken')
      }
    })
    await jobs.start()
    await jobs.send('test.broken', { order: 'o-1' })
    await expect.poll(async () => (await rowsOf('test.broken'))[0]?.state, PATIENCE).toBe('failed')
    await expect.poll(async () => (await rowsOf(DEAD_LETTERS)).map((row) => row.data), PATIENCE).toContainEqual({ order: 'o-1' })
    const status = await jobsStatus(db.knex)
    expect(status.queues.find((queue) => queue.name === 'test.broken')).toMatchObject({ failed: 1, retried: 1 })
    expect(status.failures[0]).toMatchObject({ name: 'test.broken', error: expect.stringContaining('always broken') })
  })

  it('keeps one waiting job of a scheduled (stately) queue, and registers its cron schedule', async () => {
    const jobs = jobsOn()
    jobs.define({ name: 'test.sweep', cron: '*/5 * * * *', pollSeconds: 600, run: async () => undefined })
    await jobs.start()
    const first = await jobs.send('test.sweep')
    const second = await jobs.send('test.sweep')
    expect(first).toEqual(expect.any(String))
    expect(second).toBeNull()
    expect((await rowsOf('test.sweep')).filter((row) => row.state === 'created')).toHaveLength(1)
    const schedules = await jobs.boss.getSchedules('test.sweep')
    expect(schedules).toEqual([expect.objectContaining({ name: 'test.sweep', cron: '*/5 * * * *', timezone: 'UTC' })])
  })

  it('two instances share the work, and no job runs twice', async () => {
    const runs: string[] = []
    let active = 0
    let bothBusy!: () => void
    const together = new Promise<void>((resolve) => (bothBusy = resolve))
    const handler = async (data: { n: number }) => {
      runs.push(String(data.n))
      // The first job of each instance waits for the other's: each instance takes one at once.
      active++
      if (active >= 2) bothBusy()
      await together
    }
    for (const jobs of [jobsOn(), jobsOn()]) {
      jobs.define<{ n: number }>({ name: 'test.shared', pollSeconds: 0.5, run: handler })
      await jobs.start()
    }
    const sender = started[0]
    for (let n = 0; n < 20; n++) await sender.send('test.shared', { n })
    await expect
      .poll(async () => (await rowsOf('test.shared')).filter((row) => row.state === 'completed').length, PATIENCE)
      .toBe(20)
    expect(runs.toSorted()).toEqual(Array.from({ length: 20 }, (_, n) => String(n)).toSorted())
  })

  it('sends a job inside a transaction only if it commits', async () => {
    const jobs = jobsOn()
    jobs.define({ name: 'test.tx', pollSeconds: 600, run: async () => undefined })
    await jobs.start()
    await db.knex
      .transaction(async (trx) => {
        await jobs.send('test.tx', { kept: false }, {}, trx)
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await db.knex.transaction(async (trx) => {
      await jobs.send('test.tx', { kept: true }, {}, trx)
    })
    expect((await rowsOf('test.tx')).map((row) => row.data)).toEqual([{ kept: true }])
  })
})
