import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import { couponError, limitOf, millis, newCouponCode, type CouponRow, type TemplateRow } from './coupon-rows'

const DAY = 86_400_000

export interface IssueInput {
  template: string
  count: number
  /** The recipient (a shopUsers id), or null for coupons to hand out. */
  user: string | null
  now: string
  /** The promotion granting it, if any. */
  promotion?: string | null
}

export interface Issued {
  codes: string[]
  totalPicked: number
}

/**
 * From when and until when a coupon picked `now` is usable (coupon-template.schema.ts): from validFrom,
 * or validIn days after it is picked; expiresIn days after that; never after validUntil.
 */
export const couponDates = (template: TemplateRow, now: string) => {
  const picked = Date.parse(now)
  const validIn = template.validIn === null ? null : Number(template.validIn)
  const start = validIn !== null ? picked + validIn * DAY : millis(template.validFrom)
  const until = millis(template.validUntil)
  const expiresIn = template.expiresIn === null ? null : Number(template.expiresIn)
  const byDays = expiresIn !== null ? Math.max(start ?? picked, picked) + expiresIn * DAY : null
  const end = byDays !== null && until !== null ? Math.min(byDays, until) : (byDays ?? until)
  return {
    validFrom: start === null ? null : new Date(start).toISOString(),
    expiresAt: end === null ? null : new Date(end).toISOString()
  }
}

/** The template, locked: every issue of it waits here, so its counts are exact under concurrency. */
export const lockTemplate = async (trx: Knex.Transaction, shop: string, template: string) => {
  const row = (await trx('couponTemplates').where({ shop, _id: template }).forUpdate().first()) as TemplateRow | undefined
  if (!row) throw couponError('bad', 'coupon.notValid', 'template')
  return row
}

/** How many coupons of a template a customer holds or has used. */
export const heldBy = async (trx: Knex.Transaction, shop: string, template: string, user: string, except?: string) => {
  const q = trx('coupons').where({ shop, template, user })
  if (except) q.whereNot('_id', except)
  const [{ n }] = (await q.count({ n: '*' })) as { n: string | number }[]
  return Number(n)
}

/** Inserts `count` coupons with fresh codes; a code another coupon of the shop already has is drawn again. */
const insertCoupons = async (trx: Knex.Transaction, rows: Omit<CouponRow, 'code'>[]) => {
  const codes: string[] = []
  let pending = rows
  while (pending.length) {
    const drawn = pending.map((row) => ({ ...row, code: newCouponCode() }))
    const inserted = (await trx('coupons').insert(drawn).onConflict(['shop', 'code']).ignore().returning(['_id', 'code'])) as {
      _id: string
      code: string
    }[]
    codes.push(...inserted.map((row) => row.code))
    const done = new Set(inserted.map((row) => row._id))
    pending = pending.filter((row) => !done.has(row._id))
  }
  return codes
}

/**
 * Issues coupons of a template (decision 0090) in the caller's transaction: under the template's
 * lock, refuses past limitTotal (409 coupon.limitTotal) and, for a recipient, past limitPerUser
 * (409 coupon.limitPerUser), or once the template's coupons could no longer be used (coupon.expired);
 * counts them in totalPicked in the same transaction.
 */
export const issueCoupons = async (trx: Knex.Transaction, shop: string, input: IssueInput): Promise<Issued> => {
  const template = await lockTemplate(trx, shop, input.template)
  const until = millis(template.validUntil)
  if (until !== null && until <= Date.parse(input.now)) throw couponError('bad', 'coupon.expired', 'template')
  const picked = Number(template.totalPicked ?? 0)
  const total = limitOf(template.limitTotal)
  if (total !== null && picked + input.count > total)
    throw couponError('conflict', 'coupon.limitTotal', 'count', { limit: total })
  const perUser = limitOf(template.limitPerUser)
  if (input.user && perUser !== null && (await heldBy(trx, shop, template._id, input.user)) + input.count > perUser)
    throw couponError('conflict', 'coupon.limitPerUser', 'user', { limit: perUser })
  const dates = couponDates(template, input.now)
  const rows = Array.from({ length: input.count }, () => ({
    _id: newObjectId(),
    shop,
    template: template._id,
    status: 'valid' as const,
    user: input.user,
    validFrom: dates.validFrom,
    expiresAt: dates.expiresAt,
    promotion: input.promotion ?? null,
    usedAt: null,
    order: null,
    useAdmin: null,
    useCashier: null
  }))
  const codes = await insertCoupons(trx, rows)
  await trx('couponTemplates')
    .where({ shop, _id: template._id })
    .update({ totalPicked: picked + input.count, updatedAt: trx.fn.now() })
  return { codes, totalPicked: picked + input.count }
}
