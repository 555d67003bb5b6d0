import { Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { OrderPricing } from '@emporia/shared'

export type ManualDiscount = NonNullable<OrderPricing['manual']>

const formatters = new Map<string, Intl.DateTimeFormat>()
const monthFormatter = (timeZone: string) => {
  let formatter = formatters.get(timeZone)
  if (!formatter)
    formatters.set(timeZone, (formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', timeZone })))
  return formatter
}

/** The calendar month (YYYY-MM) an instant falls in, in the shop's time zone: budgets count per local month. */
export const monthIn = (date: Date, timeZone: string) => {
  const parts = monthFormatter(timeZone).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}`
}

const needPermission = (values: Record<string, number>) =>
  new Forbidden('Need Permission', { key: 'errors.needPermission', field: 'discount', values })

interface Charge {
  amount: number
  /** The staff member taking the order (users id); none for the server's own calls. */
  staff: string | null
  /** A manager who approved going beyond the staff's limits (checked before the transaction). */
  approvedBy: string | null
  /**
   * The approval was given at the till with the manager's PIN (decision 0135): `staff` is then that
   * manager, whose own limits apply and whose budget counts the discount (and gets it back on a refund).
   */
  managerBudget?: boolean
  /** The shop's useDiscountLimit: limits are enforced only when it is on; the amount is counted always. */
  enforce: boolean
  now: Date
  timeZone: string
}

/**
 * Counts a manual discount against the staff member's monthly budget (spec §3.3, §6.2; decision 0092),
 * refusing "Need Permission" (403) beyond their per-order maximum or what is left of this month's
 * budget unless a manager approved. Exact under concurrency: one conditional update of the member's
 * row adds the amount only while the month's total stays within the limit, and a new month starts
 * from zero in the same statement; concurrent orders of one member queue on that row.
 */
export const chargeBudget = async (trx: Knex.Transaction, shop: string, charge: Charge): Promise<ManualDiscount | null> => {
  if (charge.amount === 0) return null
  const month = monthIn(charge.now, charge.timeZone)
  const manual = { amount: charge.amount, admin: charge.staff, month, approvedBy: charge.approvedBy, returned: 0 }
  if (!charge.staff) return manual
  const member = (await trx('shopMembers').where({ shop, user: charge.staff, accepted: true }).first('_id', 'maxDiscount')) as
    { _id: string; maxDiscount: number | string | null } | undefined
  if (!member) {
    if (charge.enforce && (!charge.approvedBy || charge.managerBudget)) throw needPermission({ max: 0 })
    return manual
  }
  // A password approval (decision 0092) lifts the limits; a PIN approval moves them to the manager's.
  const checked = charge.enforce && (!charge.approvedBy || charge.managerBudget === true)
  if (checked && member.maxDiscount !== null && charge.amount > Number(member.maxDiscount))
    throw needPermission({ max: Number(member.maxDiscount) })
  const usedThisMonth = trx.raw(`case when "discountMonth" = ? then "monthlyUsedDiscount" else 0 end`, [month])
  const updated = (await trx('shopMembers')
    .where({ _id: member._id })
    .modify((query) => {
      if (checked)
        query.andWhere((q) =>
          q.whereNull('monthlyDiscount').orWhereRaw(`? + ? <= "monthlyDiscount"`, [usedThisMonth, charge.amount])
        )
    })
    .update({
      monthlyUsedDiscount: trx.raw(`? + ?`, [usedThisMonth, charge.amount]),
      discountMonth: month
    })
    .returning(['_id'])) as { _id: string }[]
  if (!updated.length) {
    const row = (await trx('shopMembers')
      .where({ _id: member._id })
      .first('monthlyDiscount', 'monthlyUsedDiscount', 'discountMonth')) as {
      monthlyDiscount: number | string
      monthlyUsedDiscount: number | string
      discountMonth: string | null
    }
    const used = row.discountMonth === month ? Number(row.monthlyUsedDiscount) : 0
    throw needPermission({ remaining: Math.max(0, Number(row.monthlyDiscount) - used) })
  }
  return manual
}

/**
 * Gives back to the budget the refunded share of an order's manual discount (decision 0092): in total,
 * ⌊amount × refunded ÷ paid⌋, all of it once the order is wholly refunded or voided, so that several
 * partial refunds add up exactly. Only the month it was counted in gets it back: a month that is
 * over stays as it was.
 */
export const returnBudget = async (
  trx: Knex.Transaction,
  shop: string,
  manual: ManualDiscount,
  share: { numerator: number; denominator: number } | 'all'
): Promise<ManualDiscount> => {
  const target =
    share === 'all' || share.denominator <= 0 || share.numerator >= share.denominator
      ? manual.amount
      : Number((BigInt(manual.amount) * BigInt(share.numerator)) / BigInt(share.denominator))
  const back = target - manual.returned
  if (back <= 0) return manual
  if (manual.admin)
    await trx('shopMembers')
      .where({ shop, user: manual.admin, discountMonth: manual.month })
      .update({ monthlyUsedDiscount: trx.raw(`greatest("monthlyUsedDiscount" - ?, 0)`, [back]) })
  return { ...manual, returned: target }
}
