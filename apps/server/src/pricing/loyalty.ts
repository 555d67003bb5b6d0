import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { PresentedCoupon } from '@emporia/shared'

/**
 * The coupons' and points' calls order pricing makes (decision 0092). Their own modules
 * (`../coupons`, `../points`) are written on the coupons and points branches; until those land here,
 * these stand in with what a shop without coupons or points would answer: no code is known and no
 * customer holds points. Once they land, this file becomes the two re-exports in its last lines.
 */

export const presentCoupons = async (
  _trx: Knex.Transaction,
  _shop: string,
  codes: string[],
  _customer: string | null,
  _now: string
): Promise<PresentedCoupon[]> => {
  if (codes.length) throw new BadRequest('Coupon Not Valid', { key: 'coupon.notValid', field: 'coupons' })
  return []
}

export const useCoupons = async (
  _trx: Knex.Transaction,
  _shop: string,
  codes: string[],
  _use: { order: string; customer: string | null; admin?: string | null; cashier?: string | null; now: string }
): Promise<void> => {
  if (codes.length) throw new BadRequest('Coupon Not Valid', { key: 'coupon.notValid', field: 'coupons' })
}

export const releaseCoupons = async (_trx: Knex.Transaction, _shop: string, _order: string): Promise<void> => {}

export const pointBalances = async (_trx: Knex.Transaction, _shop: string, _user: string): Promise<Record<string, number>> => ({})

export const spendPoints = async (
  _trx: Knex.Transaction,
  _shop: string,
  spend: { user: string; pointType: string; points: number; order: string }
): Promise<void> => {
  if (spend.points > 0) throw new Conflict('Not enough points', { key: 'points.notEnough', field: 'usePoints' })
}

export const reverseOrderPoints = async (
  _trx: Knex.Transaction,
  _shop: string,
  _order: string,
  _share: { numerator: number; denominator: number }
): Promise<void> => {}

// When the coupons and points branches are merged, replace everything above with:
// export { presentCoupons, useCoupons, releaseCoupons } from '../coupons'
// export { pointBalances, spendPoints, reverseOrderPoints } from '../points'
