import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { servicePaths, shopRankProblem, type ShopRank } from '@emporia/shared'
import { shopTransaction } from '../../platform/tenancy'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'

type Row = Record<string, unknown>

const messages = {
  'rank.expiryPeriodRequired': 'A rank that expires after a period needs the period',
  'rank.expiryUnitRequired': 'A rank that expires after a period needs its unit',
  'rank.noSuchGroup': 'No such rank group in this shop',
  'rank.sameAmount': 'Another rank of this group already starts at this amount',
  'rank.held': 'Customers still hold this rank; it cannot be removed'
}

/**
 * A rank's own rules (decision 0084), on every record as written: a period expiry states its
 * period, the group is one of the shop's, and no two ranks of a group start at the same amount
 * (a unique index holds it under concurrent writes).
 */
export const checkRank = async (after: Row, _before: Row | undefined, trx: Knex.Transaction) => {
  const problem = shopRankProblem(after)
  if (problem) throw new BadRequest(messages[problem.key], problem)
  const group = await trx('shopRankGroups').where({ _id: after.group, shop: after.shop }).first('_id')
  if (!group) throw new BadRequest(messages['rank.noSuchGroup'], { key: 'rank.noSuchGroup', field: 'group' })
  const same = await trx('shopRanks')
    .where({ shop: after.shop, group: after.group, amount: after.amount })
    .whereNot('_id', after._id as string)
    .first('_id')
  if (same) throw new BadRequest(messages['rank.sameAmount'], { key: 'rank.sameAmount', field: 'amount' })
}

/** Two writes at once that the check could not see: the unique index's refusal, in words. */
const sameAmount = (error: unknown) => {
  if (error instanceof Conflict && (error.data as { constraint?: string } | undefined)?.constraint === 'shop_group_amount')
    throw new BadRequest(messages['rank.sameAmount'], { key: 'rank.sameAmount', field: 'amount' })
  throw error
}

/** Ranks of a shop's groups (spec §3.10). A rank still held by customers is not removed (409). */
export class ShopRankService extends CheckedRecordService<ShopRank> {
  protected readonly check = checkRank

  override async create(data: Partial<ShopRank> | Partial<ShopRank>[], params: RecordParams = {}) {
    return this.thenApply(await super.create(data, params).catch(sameAmount), params)
  }

  override async update(id: Id, data: Partial<ShopRank>, params: RecordParams = {}) {
    return this.thenApply(await super.update(id, data, params).catch(sameAmount), params)
  }

  override async patch(id: NullableId, data: Partial<ShopRank>, params: RecordParams = {}) {
    return this.thenApply(await super.patch(id, data, params).catch(sameAmount), params)
  }

  /**
   * A rank of the enabled group changed (its threshold, its expiry, a rank added or removed): with the
   * group's `upgradeUsers` on, the shop's customers are decided again once the write commits (decision 0154).
   */
  private async thenApply<R>(result: R, params: RecordParams): Promise<R> {
    const rank = (Array.isArray(result) ? result[0] : result) as Partial<ShopRank> | undefined
    const groups = this.app?.service(servicePaths.shopRankGroups) as unknown as
      { applyToCustomers(shop: string): unknown } | undefined
    if (!rank?.shop || !rank.group || !groups) return result
    const shop = rank.shop
    const where = { shop, _id: rank.group, enabled: true, upgradeUsers: true }
    const applies = params.transaction
      ? await params.transaction('shopRankGroups').where(where).first('_id')
      : await shopTransaction(this.options.db.knex, this.options.rowSecurity === true, shop, (trx) =>
          trx('shopRankGroups').where(where).first('_id')
        )
    if (!applies) return result
    if (params.transaction)
      void params.transaction.executionPromise.then(
        () => groups.applyToCustomers(shop),
        () => undefined
      )
    else void groups.applyToCustomers(shop)
    return result
  }

  /**
   * The rank is locked before its holders are counted: a payment giving it right now holds it
   * (share lock) until it commits, so either the removal sees that customer or the payment sees
   * the rank gone.
   */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    return removeUnlessUsed(
      this.options,
      'shopRanks',
      id,
      { ...params, shop: params.shop },
      async (trx, shop) => {
        const held = await trx('shopUsers')
          .where({ shop, rank: String(id) })
          .count<{ count: string | number }[]>('* as count')
        const count = Number(held[0]?.count ?? 0)
        if (count > 0) throw new Conflict(messages['rank.held'], { key: 'rank.held', field: 'rank', values: { count } })
      },
      (inner) => super.remove(id as Id, inner)
    ).then((removed) => this.thenApply(removed, params))
  }
}
