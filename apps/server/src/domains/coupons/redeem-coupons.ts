import type { Knex } from 'knex'
import { normalCouponCode, type PresentedCoupon } from '@emporia/shared'
import { couponError, instant, limitOf, millis, type CouponRow, type TemplateRow } from './coupon-rows'
import { heldBy } from './issue-coupons'

/** Codes as typed, compared without case or spaces, each once, in a fixed order (the lock order). */
const normalCodes = (codes: string[]) => [...new Set(codes.map(normalCouponCode))].filter(Boolean).sort()

/**
 * The presented coupons' rows, locked `for update` in code order (two orders presenting the same
 * coupons wait for each other instead of deadlocking). An unknown code, or another customer's
 * coupon, is 400 coupon.notValid on the field `coupons`.
 */
const lockCoupons = async (trx: Knex.Transaction, shop: string, codes: string[], customer: string | null) => {
  const wanted = normalCodes(codes)
  if (!wanted.length) return []
  // The template's discount comes with the rows (one round trip); only the coupons are locked.
  const rows = (await trx('coupons')
    .join('couponTemplates', 'couponTemplates._id', 'coupons.template')
    .where({ 'coupons.shop': shop })
    .whereIn('coupons.code', wanted)
    .orderBy('coupons.code')
    .select('coupons.*', 'couponTemplates.discount as discount')
    .forUpdate('coupons')) as (CouponRow & { discount: string })[]
  const byCode = new Map(rows.map((row) => [row.code, row]))
  for (const code of wanted) {
    const row = byCode.get(code)
    // Named as typed, so the cart can list the very code it was given as refused.
    const typed = codes.find((one) => normalCouponCode(one) === code) ?? code
    if (!row || (row.user !== null && row.user !== customer))
      throw couponError('bad', 'coupon.notValid', 'coupons', { code: typed })
  }
  return rows
}

/** What a coupon is at `now`: a valid coupon past its expiry is expired, whatever its row still says. */
export const statusAt = (row: Pick<CouponRow, 'status' | 'expiresAt'>, now: string): CouponRow['status'] => {
  const end = millis(row.expiresAt)
  return row.status === 'valid' && end !== null && end <= Date.parse(now) ? 'expired' : row.status
}

/**
 * The coupons an order presents, for the engine (engine-types PresentedCoupon): each with the discount
 * rule its template names and its status at `now`. Rows stay locked until the caller's transaction ends.
 */
export const presentCoupons = async (
  trx: Knex.Transaction,
  shop: string,
  codes: string[],
  customer: string | null,
  now: string
): Promise<PresentedCoupon[]> => {
  const rows = await lockCoupons(trx, shop, codes, customer)
  return rows.map((row) => ({
    code: row.code,
    discount: row.discount,
    status: statusAt(row, now),
    validFrom: instant(row.validFrom),
    expiresAt: instant(row.expiresAt)
  }))
}

export interface CouponUse {
  order: string
  customer: string | null
  admin?: string | null
  cashier?: string | null
  now: string
}

/**
 * Uses coupons for an order, exactly once each (decision 0090): a used coupon is 409 coupon.used (a
 * concurrent second use waits on the row lock, then sees it used), an expired one 400 coupon.expired,
 * one not yet valid 400 coupon.notValid. A coupon nobody held yet becomes the customer's, within the
 * template's limitPerUser (counted under the template's lock, as issuing does).
 */
export const useCoupons = async (trx: Knex.Transaction, shop: string, codes: string[], use: CouponUse): Promise<void> => {
  const rows = await lockCoupons(trx, shop, codes, use.customer)
  const now = Date.parse(use.now)
  for (const row of rows) {
    const status = statusAt(row, use.now)
    if (status === 'used') throw couponError('conflict', 'coupon.used', 'coupons', { code: row.code })
    if (status === 'expired') throw couponError('bad', 'coupon.expired', 'coupons', { code: row.code })
    const start = millis(row.validFrom)
    if (start !== null && start > now) throw couponError('bad', 'coupon.notValid', 'coupons', { code: row.code })
  }
  const claimed = rows.filter((row) => row.user === null && use.customer)
  for (const template of [...new Set(claimed.map((row) => row.template))].sort()) {
    const locked = (await trx('couponTemplates').where({ shop, _id: template }).forUpdate().first('limitPerUser')) as
      Pick<TemplateRow, 'limitPerUser'> | undefined
    const perUser = limitOf(locked?.limitPerUser ?? null)
    const adding = claimed.filter((row) => row.template === template)
    if (perUser !== null && (await heldBy(trx, shop, template, use.customer as string)) + adding.length > perUser)
      throw couponError('conflict', 'coupon.limitPerUser', 'coupons', { limit: perUser })
  }
  if (!rows.length) return
  await trx('coupons')
    .where({ shop, status: 'valid' })
    .whereIn(
      '_id',
      rows.map((row) => row._id)
    )
    .update({
      status: 'used',
      usedAt: use.now,
      order: use.order,
      useAdmin: use.admin ?? null,
      useCashier: use.cashier ?? null,
      user: trx.raw('coalesce(??, ?)', ['user', use.customer]),
      updatedAt: trx.fn.now()
    })
}

/**
 * A refunded or voided order gives its coupons back (decision 0090): valid again, or expired if their
 * time has passed meanwhile. The customer keeps a coupon they claimed by using it.
 */
export const releaseCoupons = async (trx: Knex.Transaction, shop: string, order: string): Promise<void> => {
  await trx('coupons')
    .where({ shop, order, status: 'used' })
    .update({
      status: trx.raw(`case when "expiresAt" is not null and "expiresAt" <= now() then 'expired' else 'valid' end`),
      usedAt: null,
      order: null,
      useAdmin: null,
      useCashier: null,
      updatedAt: trx.fn.now()
    })
}
