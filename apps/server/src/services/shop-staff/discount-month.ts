import type { HookContext } from '@feathersjs/feathers'
import { shopTimeZone } from '@emporia/shared'
import type { Knex } from 'knex'
import { monthIn } from '../../domains/pricing'

type Member = { monthlyUsedDiscount?: number; discountMonth?: string | null }

/**
 * A member's used discount is kept for the month it was counted in (decision 0092): once that month
 * is over in the shop's time zone, the staff screen reads 0, as the next order will count from 0.
 */
export const currentMonthUsed = (knex: Knex) => async (context: HookContext) => {
  const shop = (context.params as { shop?: string }).shop
  if (!shop || !context.result) return context
  const row = (await knex('shops').where({ _id: shop }).first('timeZone')) as { timeZone?: string | null } | undefined
  const month = monthIn(new Date(), shopTimeZone(row))
  const result = context.result as Member | Member[] | { data: Member[] }
  const members = Array.isArray(result)
    ? result
    : 'data' in result && Array.isArray(result.data)
      ? result.data
      : [result as Member]
  for (const member of members)
    if (member.discountMonth !== month && member.monthlyUsedDiscount !== undefined) member.monthlyUsedDiscount = 0
  return context
}
