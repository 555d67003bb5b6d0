import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { shopRankProblem, type ShopRank } from '@emporia/shared'
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

  override create(data: Partial<ShopRank> | Partial<ShopRank>[], params: RecordParams = {}) {
    return super.create(data, params).catch(sameAmount)
  }

  override update(id: Id, data: Partial<ShopRank>, params: RecordParams = {}) {
    return super.update(id, data, params).catch(sameAmount)
  }

  override patch(id: NullableId, data: Partial<ShopRank>, params: RecordParams = {}) {
    return super.patch(id, data, params).catch(sameAmount)
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
    )
  }
}
