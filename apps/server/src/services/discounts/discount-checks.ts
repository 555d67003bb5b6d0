import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  discountProblems,
  normalCouponCode,
  normalCouponCodeSql,
  sharedMessages,
  overlimitProblem,
  type DiscountProblem
} from '@emporia/shared'
import { isPostgres } from '../../platform/db/dialect'
import { checkDiscountRefs } from './discount-refs'

type Row = Record<string, unknown>

const refuse = (problem: DiscountProblem) =>
  new BadRequest(sharedMessages.en[problem.key], { key: problem.key, field: problem.field })

/**
 * A customer types the code, so codes are unique in the shop whatever their case, spaces or dashes. Writers of a new code
 * in a shop take turns (an advisory lock held to commit): the second of two writes at once sees the first.
 */
const checkCouponCode = async (trx: Knex.Transaction, after: Row, before: Row | undefined) => {
  const code = typeof after.couponCode === 'string' ? after.couponCode : undefined
  if (!code || code === before?.couponCode) return
  if (isPostgres(trx)) await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`discounts.couponCode:${String(after.shop)}`])
  const taken = await trx('discounts')
    .where('shop', String(after.shop))
    .whereNot('_id', String(after._id))
    // Compared as every code is (decision 0139): `SUMMER-10` and `summer10` are one code.
    .whereRaw(`${normalCouponCodeSql('"couponCode"')} = ?`, [normalCouponCode(code)])
    .first('_id')
  if (taken)
    throw new Conflict(sharedMessages.en['discount.couponCodeTaken'], {
      key: 'discount.couponCodeTaken',
      field: 'couponCode'
    })
}

/**
 * A discount rule's own rules (decision 0089), on every record as written: what its type needs, min ≤ max,
 * dates and times that hold, overlimit left to the server, a unique coupon code and records of its own shop.
 */
export const checkDiscount = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
  const problem = discountProblems(after)[0] ?? overlimitProblem(after, before)
  if (problem) throw refuse(problem)
  await checkCouponCode(trx, after, before)
  await checkDiscountRefs(trx, after, before)
}
