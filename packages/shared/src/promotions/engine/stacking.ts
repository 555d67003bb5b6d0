import type { Discount } from '../discount.schema'
import { miss, type Miss } from './work'

/** Line discounts first, then order adjustments (fixed amounts, points used), then points earned on what is left. */
const PHASE: Record<Discount['type'], number> = {
  bundle: 0,
  bundleFix: 0,
  bundleOff: 0,
  bundleFree: 0,
  percentage: 0,
  advanced: 0,
  fixed: 1,
  usePoint: 1,
  point: 2
}

/** The order rules are weighed in (decision 0088): phase, then priority (higher first), then id. Total, so shuffling the rules changes nothing. */
export const byStackingOrder = (a: Discount, b: Discount): number =>
  PHASE[a.type] - PHASE[b.type] || (b.priority ?? 0) - (a.priority ?? 0) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)

/** What the rules applied so far allow next. */
export class Stack {
  private exclusiveApplied = false
  private combinable = true
  private readonly groups = new Set<string>()

  /** Why `rule` may not join the rules already applied, or null when it may. */
  blocked(rule: Discount): Miss | null {
    if (this.exclusiveApplied && !rule.exclusiveInclude) return miss('discount.excludedByExclusive')
    if (rule.exclusiveKey && this.groups.has(rule.exclusiveKey)) return miss('discount.excludedByGroup')
    // An exclusive rule weighed after others applied joins them only if all of them combine with exclusives.
    if (rule.exclusive && !this.combinable) return miss('discount.notCombinable')
    return null
  }

  add(rule: Discount) {
    if (rule.exclusive) this.exclusiveApplied = true
    if (!rule.exclusiveInclude) this.combinable = false
    if (rule.exclusiveKey) this.groups.add(rule.exclusiveKey)
  }
}
