import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { shopRankGroupProblem, type RankRecompute, type ShopRankGroup } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'
import { markRecomputeWaiting, RANK_RECOMPUTE_JOB, runRankRecompute } from '../../domains/ranks/recompute-job'
import type { Jobs } from '../../platform/jobs/queue'
import { shopTransaction } from '../../platform/tenancy'

type Row = Record<string, unknown>

const messages = {
  'rankGroup.periodWithUnit': 'An accumulation period needs its unit, and a unit its period',
  'rankGroup.oneEnabled': 'Another rank group is already enabled; disable it first',
  'rankGroup.hasRanks': 'This group still has ranks; remove them first'
}

/**
 * The group's own rules (decision 0084), on every record as written: a period goes with its unit,
 * and one enabled group decides a shop's ranks (a second is refused; a unique index holds it under
 * concurrent writes too).
 */
export const checkRankGroup = async (after: Row, _before: Row | undefined, trx: Knex.Transaction) => {
  const problem = shopRankGroupProblem(after)
  if (problem) throw new BadRequest(messages[problem.key], problem)
  if (after.enabled === true) {
    const other = await trx('shopRankGroups')
      .where({ shop: after.shop, enabled: true })
      .whereNot('_id', after._id as string)
      .first('_id')
    if (other) throw new BadRequest(messages['rankGroup.oneEnabled'], { key: 'rankGroup.oneEnabled', field: 'enabled' })
  }
}

/** Two enables at once that the check could not see: the unique index's refusal, in words. */
const oneEnabled = (error: unknown): never => {
  if (error instanceof Conflict && (error.data as { constraint?: string } | undefined)?.constraint === 'one_enabled')
    throw new BadRequest(messages['rankGroup.oneEnabled'], { key: 'rankGroup.oneEnabled', field: 'enabled' })
  throw error
}

const RECOMPUTE_PATIENCE_MS = 120_000

/**
 * Shop rank groups (spec §3.10, §4.9). When an enabled group with `upgradeUsers` is written, or a
 * rank of it (shop-ranks), every customer of the shop is decided again under it once the write has
 * committed (reason `settings`): a job of the queue (decision 0154), a batch per transaction, its
 * progress on the group's `recompute`; without `upgradeUsers` customers move at their next payment,
 * refund or expiry. Without a queue (a tool) it runs in this process.
 */
export class ShopRankGroupService extends CheckedRecordService<ShopRankGroup> {
  protected readonly check = checkRankGroup
  private recomputing: Promise<unknown> = Promise.resolve()
  private readonly queued = new Set<string>()
  /** The app's job queue, set where the service is registered. */
  jobs?: Jobs

  /** The settings recomputes asked for so far, finished (tests and shutdown wait for them). */
  async recomputed() {
    await this.recomputing
    const deadline = Date.now() + RECOMPUTE_PATIENCE_MS
    for (const shop of [...this.queued]) {
      for (;;) {
        const row = await shopTransaction(this.options.db.knex, this.options.rowSecurity === true, shop, (trx) =>
          trx('shopRankGroups').where({ shop }).whereNotNull('recompute').first('recompute')
        )
        const state = (row as { recompute?: RankRecompute | string } | undefined)?.recompute
        const parsed = typeof state === 'string' ? (JSON.parse(state) as RankRecompute) : state
        if (!parsed || parsed.state === 'done' || parsed.state === 'failed') break
        if (Date.now() > deadline) throw new Error(`The re-ranking of shop ${shop} did not finish`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      this.queued.delete(shop)
    }
  }

  override async create(data: Partial<ShopRankGroup> | Partial<ShopRankGroup>[], params: RecordParams = {}) {
    return this.thenApply(await super.create(data, params).catch(oneEnabled), params)
  }

  override async update(id: Id, data: Partial<ShopRankGroup>, params: RecordParams = {}) {
    return this.thenApply(await super.update(id, data, params).catch(oneEnabled), params)
  }

  override async patch(id: NullableId, data: Partial<ShopRankGroup>, params: RecordParams = {}) {
    return this.thenApply(await super.patch(id, data, params).catch(oneEnabled), params)
  }

  /** A group still holding ranks is not removed: its ranks go first (each refused while customers hold it). */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id !== null && params.shop) {
      const rank = await (params.transaction ?? this.options.db.knex)('shopRanks')
        .where({ shop: params.shop, group: id })
        .first('_id')
      if (rank) throw new Conflict(messages['rankGroup.hasRanks'], { key: 'rankGroup.hasRanks', field: 'group' })
    }
    return super.remove(id, params)
  }

  /** Customers decided again under the shop's enabled group (reason `settings`), after the write commits. */
  applyToCustomers(shop: string) {
    const rowSecurity = this.options.rowSecurity === true
    const jobs = this.jobs
    const run = jobs
      ? async () => {
          this.queued.add(shop)
          await markRecomputeWaiting(this.options.db.knex, rowSecurity, shop)
          jobs.wake(RANK_RECOMPUTE_JOB, { shop })
        }
      : () => runRankRecompute(this.options.db.knex, shop, { rowSecurity, env: { app: this.app, counts: this.options.counts } })
    this.recomputing = this.recomputing.then(run, run).catch((error: unknown) => {
      console.error('Rank settings recompute failed', error)
    })
    return this.recomputing
  }

  private thenApply<R>(result: R, params: RecordParams): R {
    const groups = (Array.isArray(result) ? result : [result]) as ShopRankGroup[]
    const applied = groups.find((group) => group.enabled === true && group.upgradeUsers === true)
    if (applied) {
      if (params.transaction)
        void params.transaction.executionPromise.then(
          () => this.applyToCustomers(applied.shop),
          () => undefined
        )
      else void this.applyToCustomers(applied.shop)
    }
    return result
  }
}
