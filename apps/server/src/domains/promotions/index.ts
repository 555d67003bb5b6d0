/** Promotions (decision 0090): what customers are given when they register or an order of theirs is paid. */
export { grantPromotions, type GrantInput } from './grant-promotions'
export { grantPromotionPoints, type PromotionPoints } from './promotion-points'
