// Kept apart from the shop schema: the web app's every page needs this rule, not TypeBox.

/** The shop fields the plan depends on (spec §3.1). */
export interface PlanFields {
  validUtil: string
  contract?: string | null
  contractEnd?: string | null
}

/** Plan state (spec §4.3): trial (days left), trial ended, or contract (expiring under 7 days). */
export type PlanState =
  { kind: 'trial'; daysLeft: number } | { kind: 'trialEnded' } | { kind: 'contract'; daysLeft: number | null; expiring: boolean }

const DAY = 86_400_000
export const EXPIRY_WARNING_DAYS = 7

export const planState = (shop: PlanFields, now = Date.now()): PlanState => {
  if (shop.contract) {
    const daysLeft = shop.contractEnd ? Math.ceil((Date.parse(shop.contractEnd) - now) / DAY) : null
    return { kind: 'contract', daysLeft, expiring: daysLeft !== null && daysLeft < EXPIRY_WARNING_DAYS }
  }
  const left = Date.parse(shop.validUtil) - now
  return left > 0 ? { kind: 'trial', daysLeft: Math.ceil(left / DAY) } : { kind: 'trialEnded' }
}
