/**
 * Loyalty points (decision 0091): lots and their log, written in the caller's transaction under the
 * customer's lock. Other domains (payments, promotions, orders) use these entry points only.
 */
export {
  adjustPoints,
  earnPoints,
  pointBalances,
  spendPoints,
  transferPoints,
  type AdjustInput,
  type EarnInput,
  type SpendInput,
  type TransferInput
} from './moves'
export { earnOrderPoints, pointsEarnedBy, reverseOrderPoints, type Share } from './orders'
export { earnProductPoints, productPointsOf } from './products'
export { expiryOf } from './book'
