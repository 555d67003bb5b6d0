import type { Knex } from 'knex'
import type { JobsStatus } from '@emporia/shared'
import { DEAD_LETTERS } from './queue'
import { JOBS_SCHEMA } from './schema-name'

const errorOf = (output: unknown) => {
  if (!output || typeof output !== 'object') return String(output ?? '')
  const value = output as { message?: unknown; stack?: unknown }
  return typeof value.message === 'string' ? value.message : JSON.stringify(output)
}

/**
 * The queue's state for the operator (console and `npm run jobs`, decision 0145): per queue, how many
 * jobs wait, run, finished, failed and were retried, and the latest final failures with their error.
 */
export const jobsStatus = async (knex: Knex, failures = 20): Promise<JobsStatus> => {
  const counts = (
    await knex.raw(
      `select q.name,
              count(j.id) filter (where j.state in ('created', 'retry')) as queued,
              count(j.id) filter (where j.state = 'active') as running,
              count(j.id) filter (where j.state = 'completed') as completed,
              count(j.id) filter (where j.state = 'failed') as failed,
              count(j.id) filter (where j.state = 'cancelled') as cancelled,
              count(j.id) filter (where j.retry_count > 0) as retried
         from ${JOBS_SCHEMA}.queue q left join ${JOBS_SCHEMA}.job j on j.name = q.name
        group by q.name order by q.name`
    )
  ).rows as Record<string, string | number>[]
  const failed = (
    await knex.raw(
      `select id, name, output, retry_count, completed_on from ${JOBS_SCHEMA}.job
        where state = 'failed' and name <> ? order by completed_on desc nulls last limit ?`,
      [DEAD_LETTERS, failures]
    )
  ).rows as { id: string; name: string; output: unknown; retry_count: number; completed_on: string | Date | null }[]
  return {
    queues: counts.map((row) => ({
      name: String(row.name),
      queued: Number(row.queued),
      running: Number(row.running),
      completed: Number(row.completed),
      failed: Number(row.failed),
      cancelled: Number(row.cancelled),
      retried: Number(row.retried)
    })),
    failures: failed.map((row) => ({
      id: row.id,
      name: row.name,
      error: errorOf(row.output).slice(0, 500),
      retries: Number(row.retry_count),
      failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : ''
    }))
  }
}
