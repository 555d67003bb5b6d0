import type { ScreenDef } from '../../lib/screens/screen'
import {
  areas,
  callerIn,
  gateOpen,
  gatesOf,
  planState,
  refusal,
  roleInShop,
  serviceRules,
  type Access,
  type Area,
  type PlanFeature,
  type Shop
} from '@emporia/shared'

/*
 * Paid features and the merchant's way to them (decision 0129): a screen whose paid feature is off is
 * shown with an upgrade prompt, never an error, and the admin is told when the plan has ended. Pure,
 * shared by the drawer, the app shell and their tests.
 */

/**
 * The paid features (attribute gates) that keep an access read-only for this member, when that is all
 * that stands in the way: the member's role fits, the shop's own switches (flags) are on, and the
 * server lets reads through. Empty when it is open, or closed for another reason.
 */
export const lockedBy = (access: Access, shop: Shop, userId: string | undefined): PlanFeature[] => {
  const caller = callerIn(shop, userId)
  if (refusal(access, caller, false) !== null || refusal(access, caller, true) === null) return []
  return gatesOf(access).flatMap((gate) => ('attribute' in gate && !gateOpen(gate, shop) ? [gate.attribute] : []))
}

/** The paid features a menu area lacks (discounts, POS). */
export const lockedFeatures = (area: Area, shop: Shop, userId: string | undefined): PlanFeature[] =>
  lockedBy(areas[area], shop, userId)

/**
 * The paid features a screen lacks: its area's, and those its service writes behind when the area has
 * none of its own (the page editor's pages, custom domains).
 */
export const screenLocks = (
  screen: Pick<ScreenDef, 'area' | 'service'>,
  shop: Shop,
  userId: string | undefined
): PlanFeature[] => {
  const rule = screen.service ? serviceRules[screen.service] : undefined
  const found = [
    ...(screen.area ? lockedFeatures(screen.area, shop, userId) : []),
    ...(rule ? lockedBy(rule.write, shop, userId) : [])
  ]
  return [...new Set(found)]
}

/** The app shell's billing banner for the shop's admins: grace (days left, after a trial or a plan) or lapsed. */
export type BillingBanner = { kind: 'grace'; days: number; after: 'trial' | 'plan' } | { kind: 'lapsed' }

export const billingBanner = (
  shop: Shop | undefined,
  userId: string | undefined,
  billing: boolean,
  now = Date.now()
): BillingBanner | null => {
  if (!billing || !shop || roleInShop(shop, userId) !== 'admin') return null
  const plan = planState(shop, now)
  if (plan.kind === 'grace') return { kind: 'grace', days: plan.daysLeft, after: shop.contract ? 'plan' : 'trial' }
  if (plan.kind === 'lapsed') return { kind: 'lapsed' }
  // Trial, trial ending and a contract are the drawer subtitle's to tell; off (self-hosted) says nothing.
  return null
}
