import type { OrderPricing } from '@emporia/shared'
import type { Channel } from './rules'
import type { RulesResult } from './price-with-rules'
import type { ManualDiscount } from './staff-budget'

/**
 * What an order keeps of its pricing (decision 0092): the engine's applied rules with each rule's name
 * as it was, each line's discount in line order, the order's own adjustments and the manual discount.
 * Refunds, receipts and reports read this, never the rules as they are now.
 */
export const storedPricing = (channel: Channel, result: RulesResult, manual: ManualDiscount | null): OrderPricing => {
  const { evaluation, rules } = result
  return {
    channel,
    applied: evaluation.applied.map((applied) => {
      const name = rules.get(applied.rule)?.name
      return { ...applied, ...(name === undefined ? {} : { name }) }
    }),
    lines: evaluation.lines.map((line) => ({ discount: line.discount, adjustments: line.adjustments })),
    orderAdjustments: evaluation.orderAdjustments,
    rules: evaluation.discount,
    manual
  }
}
