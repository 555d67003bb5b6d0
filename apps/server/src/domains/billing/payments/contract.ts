import { addMonths, monthsBetween } from '@emporia/shared'
import type { SubscriptionRow } from '../subscriptions'
import type { ChargeRow } from './charges'

/** The card that paid, and whether it is saved on the platform's customer for renewals. */
export interface PaidCard {
  id: string | null
  brand: string
  last4: string
  saved: boolean
}

/**
 * The period a paid charge buys (decision 0130). A new contract, or a renewal after the contract ended,
 * starts when it is paid (a checkout left open a day does not lose that day); a renewal of a running
 * contract follows its end without a gap; an upgrade keeps the period and changes the plan from now.
 */
export const paidPeriod = (row: SubscriptionRow, charge: ChargeRow, now: Date): { start: Date; end: Date } => {
  const months = monthsBetween(new Date(charge.periodStart), new Date(charge.periodEnd))
  if (charge.kind === 'upgrade') return { start: now, end: row.end ? new Date(row.end) : new Date(charge.periodEnd) }
  if (charge.kind === 'renewal' && row.state === 'active' && row.end) {
    const end = new Date(row.end)
    return { start: end, end: addMonths(end, months) }
  }
  return { start: now, end: addMonths(now, months) }
}

/** The subscription's columns once `charge` is paid: active, the contract moved, failures and grace cleared. */
export const contractAfterPayment = (
  row: SubscriptionRow,
  charge: ChargeRow,
  period: { start: Date; end: Date },
  card: PaidCard | null,
  now: Date
): Partial<SubscriptionRow> => {
  const running = charge.kind === 'renewal' && row.state === 'active' && row.start && row.end && new Date(row.end) > now
  // Paying the next period early (autoRenew off) extends the contract: the current period keeps its start.
  const start = charge.kind === 'upgrade' || running ? (row.start ?? period.start.toISOString()) : period.start.toISOString()
  const end = period.end.toISOString()
  return {
    state: 'active',
    plan: charge.plan,
    start,
    end,
    nextBill: row.autoRenew ? end : null,
    pendingPlan: null,
    graceEnd: null,
    lastFailure: null,
    hadContract: true,
    ...(charge.kind === 'upgrade' ? { upgradeDate: now.toISOString() } : {}),
    ...(charge.kind === 'renewal' ? { renewAt: now.toISOString() } : {}),
    ...(card ? { card: { brand: card.brand, last4: card.last4 } } : {}),
    ...(card?.saved && card.id ? { providerPaymentMethod: card.id } : {})
  }
}
