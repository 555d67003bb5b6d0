/** Coupons (decision 0090): what orders and promotions use of them, in the caller's transaction. */
export { presentCoupons, releaseCoupons, statusAt, useCoupons, type CouponUse } from './redeem-coupons'
export { couponDates, issueCoupons, type IssueInput, type Issued } from './issue-coupons'
export { newCouponCode } from './coupon-rows'
export { grantProductCoupons } from './product-coupons'
