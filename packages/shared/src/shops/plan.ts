// Kept apart from the shop schema: the web app's every page needs this rule, not TypeBox.

/** The shop fields the plan depends on (spec §3.1; decision 0129 adds the billing state and grace end). */
export interface PlanFields {
  validUtil: string
  contract?: string | null
  contractEnd?: string | null
  billingState?: 'trial' | 'active' | 'grace' | 'lapsed' | 'off'
  graceEnd?: string | null
}

/**
 * Plan state (spec §4.3): trial (days left), trial ended, or contract (expiring under 7 days); decision 0129
 * adds grace (the trial or contract ended unpaid, features on until `graceEnd`), lapsed (features off) and
 * off (BILLING=off: nothing to show).
 */
export type PlanState =
  | { kind: 'trial'; daysLeft: number }
  | { kind: 'trialEnded' }
  | { kind: 'contract'; daysLeft: number | null; expiring: boolean }
  | { kind: 'grace'; daysLeft: number }
  | { kind: 'lapsed' }
  | { kind: 'off' }

const DAY = 86_400_000
export const EXPIRY_WARNING_DAYS = 7

export const planState = (shop: PlanFields, now = Date.now()): PlanState => {
  if (shop.billingState === 'off') return { kind: 'off' }
  if (shop.billingState === 'grace' && shop.graceEnd)
    return { kind: 'grace', daysLeft: Math.max(0, Math.ceil((Date.parse(shop.graceEnd) - now) / DAY)) }
  if (shop.billingState === 'lapsed') return { kind: 'lapsed' }
  if (shop.contract) {
    const daysLeft = shop.contractEnd ? Math.ceil((Date.parse(shop.contractEnd) - now) / DAY) : null
    return { kind: 'contract', daysLeft, expiring: daysLeft !== null && daysLeft < EXPIRY_WARNING_DAYS }
  }
  const left = Date.parse(shop.validUtil) - now
  return left > 0 ? { kind: 'trial', daysLeft: Math.ceil(left / DAY) } : { kind: 'trialEnded' }
}
