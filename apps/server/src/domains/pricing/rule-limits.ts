import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { sharedMessage, type Discount, type OrderPricing } from '@emporia/shared'

type Applied = OrderPricing['applied'][number]

/**
 * Takes one use of each limited rule the order applied (decision 0186), in the order's transaction,
 * and marks those applied entries `limited` so that a void or a whole refund gives the use back. The
 * row's update waits for any other order holding it, then reads the count as that order left it: the
 * use beyond the limit is refused (409, the order is not taken; priced again it no longer gets the
 * rule) and the use that reaches it moves the rule to `overlimit`. Rules in id order: two orders
 * taking the same rules never wait for each other crosswise.
 */
export const useRuleLimits = async (
  trx: Knex.Transaction,
  shop: string,
  applied: Applied[],
  rules: ReadonlyMap<string, Discount>
): Promise<void> => {
  const limited = [...new Set(applied.map((entry) => entry.rule))].filter((rule) => (rules.get(rule)?.limitTotal ?? 0) > 0).sort()
  for (const rule of limited) {
    const [row] = (await trx('discounts')
      .where({ shop, _id: rule })
      .update({
        totalUsed: trx.raw('coalesce("totalUsed", 0) + 1'),
        status: trx.raw(
          `case when "limitTotal" > 0 and coalesce("totalUsed", 0) + 1 >= "limitTotal" and status = 'valid' then 'overlimit' else status end`
        ),
        updatedAt: trx.fn.now()
      })
      .returning(['totalUsed', 'limitTotal'])) as { totalUsed: number; limitTotal: number | null }[]
    // Gone since it was priced, or its limit lifted: nothing to hold.
    if (!row || !(Number(row.limitTotal) > 0)) continue
    if (Number(row.totalUsed) > Number(row.limitTotal))
      throw new Conflict(sharedMessage('discount.limitReached'), { key: 'discount.limitReached', field: 'discount' })
    for (const entry of applied) if (entry.rule === rule) entry.limited = true
  }
}

/**
 * Gives back the uses an order held (decision 0186), once it is voided or refunded whole, in that
 * transaction: a rule over its limit with a use free again is valid again (a draft stays a draft).
 */
export const releaseRuleLimits = async (trx: Knex.Transaction, shop: string, pricing: OrderPricing | null | undefined) => {
  const rules = [...new Set((pricing?.applied ?? []).filter((entry) => entry.limited).map((entry) => entry.rule))].sort()
  for (const rule of rules)
    await trx('discounts')
      .where({ shop, _id: rule })
      .update({
        totalUsed: trx.raw('greatest(coalesce("totalUsed", 0) - 1, 0)'),
        status: trx.raw(
          `case when status = 'overlimit' and (coalesce("limitTotal", 0) = 0 or coalesce("totalUsed", 0) - 1 < "limitTotal") then 'valid' else status end`
        ),
        updatedAt: trx.fn.now()
      })
}
