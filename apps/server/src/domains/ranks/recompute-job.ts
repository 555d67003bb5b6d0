import type { Knex } from 'knex'
import type { RankRecompute } from '@emporia/shared'
import { shopTransaction } from '../../platform/tenancy'
import type { Jobs } from '../../platform/jobs/queue'
import { recomputeShop, type BatchOptions } from './batches'

/** The job that decides every customer of a shop again after its rank rules changed (decision 0154). */
export const RANK_RECOMPUTE_JOB = 'ranks.recompute-shop'

export interface RankRecomputeData {
  shop: string
}

/** Writes the re-ranking's state on the shop's groups, where the rank group screens read it. */
const mark = async (trx: Knex.Transaction, shop: string, state: RankRecompute): Promise<void> => {
  await trx('shopRankGroups')
    .where({ shop })
    .update({ recompute: JSON.stringify(state) })
}

/** Marks the shop's re-ranking as waiting for its job (in the caller's own transaction of the shop). */
export const markRecomputeWaiting = async (knex: Knex, rowSecurity: boolean, shop: string, at = new Date()) =>
  shopTransaction(knex, rowSecurity, shop, (trx) =>
    mark(trx, shop, { state: 'waiting', done: 0, total: 0, at: at.toISOString() })
  )

/**
 * Every customer of the shop decided again under its enabled group (reason `settings`), a batch per
 * transaction; each batch writes how many are done, so the screen shows the progress. Run twice (a
 * retry after a crash), it decides the same customers again and changes nothing more.
 */
export const runRankRecompute = async (knex: Knex, shop: string, options: BatchOptions = {}) => {
  const rowSecurity = options.rowSecurity === true
  const started = new Date().toISOString()
  const total = await shopTransaction(knex, rowSecurity, shop, async (trx) => {
    const [{ count }] = (await trx('shopUsers').where({ shop }).count({ count: '*' })) as { count: string | number }[]
    await mark(trx, shop, { state: 'running', done: 0, total: Number(count), at: started })
    return Number(count)
  })
  try {
    await recomputeShop(knex, shop, 'settings', {
      ...options,
      onBatch: (trx, done) => mark(trx, shop, { state: 'running', done, total: Math.max(total, done), at: started })
    })
  } catch (error) {
    await shopTransaction(knex, rowSecurity, shop, (trx) =>
      mark(trx, shop, { state: 'failed', done: 0, total, at: new Date().toISOString() })
    ).catch(() => undefined)
    throw error
  }
  await shopTransaction(knex, rowSecurity, shop, async (trx) => {
    const [{ count }] = (await trx('shopUsers').where({ shop }).count({ count: '*' })) as { count: string | number }[]
    await mark(trx, shop, { state: 'done', done: Number(count), total: Number(count), at: new Date().toISOString() })
  })
}

/** The queue's worker for re-rankings: retried with backoff like the sweeps; a shop's jobs may run one after another. */
export const defineRankRecomputeJob = (jobs: Jobs, knex: Knex, options: Omit<BatchOptions, 'onBatch'>) =>
  jobs.define<RankRecomputeData>({
    name: RANK_RECOMPUTE_JOB,
    policy: 'standard',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    pollSeconds: 2,
    run: async ({ shop }) => {
      if (typeof shop === 'string' && shop) await runRankRecompute(knex, shop, options)
    }
  })
