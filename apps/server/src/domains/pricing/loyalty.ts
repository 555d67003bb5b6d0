/**
 * The coupons' and points' calls order pricing makes (decision 0092), in one place: the coupons module
 * resolves, locks, uses and releases coupons; the points module tells balances and spends and gives
 * back points.
 */
export { presentCoupons, useCoupons, releaseCoupons } from '../coupons'
export { pointBalances, spendPoints, reverseOrderPoints } from '../points'
