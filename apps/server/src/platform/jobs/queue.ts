import type { Knex } from 'knex'
import { PgBoss, type Job, type QueuePolicy, type SendOptions } from 'pg-boss'
import { jobsDatabase } from './db-adapter'
import { JOBS_SCHEMA } from './schema-name'

/*
 * The job queue (issue 33, decision 0145): pg-boss over the app's own knex, on PostgreSQL and PGlite
 * alike. Every timed rule is a queue here: a cron schedule sends its job (once per minute across all
 * processes — pg-boss keeps the schedule in the database), a worker of any process takes it (SKIP
 * LOCKED: one taker), a throw retries it with backoff, the last failure moves a copy to the dead
 * letters, and a job whose process died (`kill -9`) misses its heartbeat and is retried.
 * Handlers are idempotent (each re-reads and locks what it changes), so a retry never does a thing twice.
 */

/** A running job's process proves it alive this often (pg-boss's minimum); see `queueOptions`. */
const HEARTBEAT_SECONDS = 10

/** Where every queue's finally failed jobs are copied (read by the operator's jobs view). */
export const DEAD_LETTERS = 'dead-letters'

export interface JobDefinition<T extends object = object> {
  /** The queue's name: letters, digits, `.`, `-`, `_`. */
  name: string
  run: (data: T, job: Job<T>) => Promise<unknown>
  /** A cron schedule (five fields, UTC) that sends the job. */
  cron?: string
  /** `stately` (default for scheduled sweeps): at most one waiting and one running; `standard`: any number. */
  policy?: QueuePolicy
  retryLimit?: number
  /** Seconds before the first retry; doubled each time (with jitter) when `retryBackoff`. */
  retryDelay?: number
  retryBackoff?: boolean
  /** A running job not finished by then (it hangs) fails and is retried; a dead process is found sooner, by the heartbeat. */
  expireInSeconds?: number
  /** How often an idle worker looks for work, in seconds (≥ 0.5); a local `wake` skips the wait. */
  pollSeconds?: number
  /** Jobs one process runs at once. */
  concurrency?: number
}

export interface JobsOptions {
  knex: Knex
  log?: (error: unknown) => void
  /** Run workers and schedules in this process (false: only send, as `npm run jobs` does). */
  work?: boolean
  /** How often the queue's housekeeping runs (retrying jobs whose process died, expiring hung ones), in seconds. */
  superviseSeconds?: number
}

export interface Jobs {
  define<T extends object>(definition: JobDefinition<T>): void
  start(): Promise<void>
  stop(): Promise<void>
  /** Sends a job, inside the caller's transaction when given (it exists only if that commits). */
  send(name: string, data?: object, options?: SendOptions, trx?: Knex | Knex.Transaction): Promise<string | null>
  /** Sends a job now and wakes this process's worker for it (no polling wait). */
  wake(name: string, data?: object): void
  /** Wakes this process's worker of a queue for a job already sent (no second send, no polling wait). */
  notify(name: string): void
  readonly boss: PgBoss
  readonly names: string[]
}

export const createJobs = (options: JobsOptions): Jobs => {
  const { knex, log = (error: unknown) => console.error(error) } = options
  const work = options.work !== false
  const boss = new PgBoss({
    db: jobsDatabase(knex),
    schema: JOBS_SCHEMA,
    backend: 'postgres',
    // The migration made the schema (the database template holds it); a newer pg-boss migrates it here.
    migrate: true,
    createSchema: false,
    supervise: work,
    schedule: work,
    superviseIntervalSeconds: options.superviseSeconds ?? 15,
    maintenanceIntervalSeconds: 300,
    monitorIntervalSeconds: options.superviseSeconds ?? 15,
    registerInstance: false,
    persistWarnings: false,
    monitorVacuum: false,
    reindex: false,
    openTelemetry: { enabled: false }
  })
  boss.on('error', log)
  const definitions = new Map<string, JobDefinition<object>>()
  const workers = new Map<string, string>()
  let started: Promise<void> | undefined
  let stopped = false

  const define = <T extends object>(definition: JobDefinition<T>) => {
    if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`)
    definitions.set(definition.name, definition as unknown as JobDefinition<object>)
  }

  const queueOptions = (definition: JobDefinition<object>) => ({
    policy: definition.policy ?? (definition.cron ? 'stately' : 'standard'),
    retryLimit: definition.retryLimit ?? 3,
    retryDelay: definition.retryDelay ?? 10,
    retryBackoff: definition.retryBackoff ?? true,
    retryDelayMax: 600,
    expireInSeconds: definition.expireInSeconds ?? 900,
    // The worker touches its job every 5 s; a job untouched for 10 s lost its process (kill -9, a crash)
    // and is retried by the next supervision pass of any process.
    heartbeatSeconds: HEARTBEAT_SECONDS,
    deadLetter: DEAD_LETTERS
  })

  const ensureQueue = async (name: string, wanted: Parameters<PgBoss['createQueue']>[1]) => {
    const existing = await boss.getQueue(name)
    if (!existing) await boss.createQueue(name, wanted)
    else {
      const { policy, ...changeable } = wanted ?? {}
      void policy
      await boss.updateQueue(name, changeable)
    }
  }

  const start = () =>
    (started ??= (async () => {
      await boss.start()
      await ensureQueue(DEAD_LETTERS, { policy: 'standard', retentionSeconds: 30 * 86_400, deleteAfterSeconds: 30 * 86_400 })
      for (const definition of definitions.values()) await ensureQueue(definition.name, queueOptions(definition))
      if (!work) return
      for (const definition of definitions.values()) {
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' })
        const id = await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: definition.pollSeconds ?? 5, localConcurrency: definition.concurrency ?? 1 },
          async ([job]) => {
            await definition.run(job.data ?? {}, job)
          }
        )
        workers.set(definition.name, id)
      }
    })())

  const send: Jobs['send'] = async (name, data = {}, sendOptions = {}, trx) => {
    await start()
    return boss.send(name, data, trx ? { ...sendOptions, db: jobsDatabase(trx) } : sendOptions)
  }

  // Wakes of one queue coalesce: one send at a time, and one more after it if any came meanwhile (a burst
  // of 10,000 enqueues is a handful of sends, not 10,000 refused inserts).
  const waking = new Map<string, 'sending' | 'again'>()
  const wake: Jobs['wake'] = (name, data) => {
    if (stopped) return
    if (waking.has(name)) {
      waking.set(name, 'again')
      return
    }
    waking.set(name, 'sending')
    void send(name, data)
      .then(() => {
        const id = workers.get(name)
        if (id && !stopped) boss.notifyWorker(id)
      })
      .catch((error: unknown) => {
        if (!stopped) log(error)
      })
      .finally(() => {
        const again = waking.get(name) === 'again'
        waking.delete(name)
        if (again) wake(name, data)
      })
  }

  return {
    boss,
    get names() {
      return [...definitions.keys()]
    },
    define,
    start,
    send,
    wake,
    notify(name) {
      const id = workers.get(name)
      if (id && !stopped) boss.notifyWorker(id)
    },
    async stop() {
      stopped = true
      if (!started) return
      await started.catch(() => undefined)
      // Running jobs finish first (a handler is one transaction per shop; it ends well inside this).
      await boss.stop({ graceful: true, close: false, timeout: 30_000 })
    }
  }
}
