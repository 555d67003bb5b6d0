import { BadRequest } from '@feathersjs/errors'
import { addMonths, isUpgrade, periodPrice, upgradeCharge, type Plan } from '@emporia/shared'
import type { SubscriptionRow } from '../subscriptions'
import { MIN_CARD_AMOUNT, type ChargeKind } from './charges'

/** What a checkout asks for (decision 0130): a charge, a downgrade booked for the period end, or a booked one undone. */
export type Quote =
  | { type: 'charge'; kind: ChargeKind; plan: Plan; amount: number; periodStart: Date; periodEnd: Date }
  | { type: 'book'; plan: Plan }
  | { type: 'unbook' }

const refuse = (message: string, key: string, field: string) => new BadRequest(message, { key, field })

/**
 * The pure rules of `billing/checkout` (decision 0130), read in the subscription's lock:
 * - change, in trial, grace or lapsed: a new contract from now, `periodPrice` (free months on the first only);
 * - change, active and dearer: the plan now, `upgradeCharge` for the rest of the period (the end stays);
 * - change, active and cheaper: booked for the period end, nothing charged; back to the current plan unbooks it;
 * - renew (autoRenew off, or after a contract in grace or lapsed): the next period at the plan's full price.
 * An amount under the card minimum is not charged (the change applies at once).
 */
export const quote = (
  row: SubscriptionRow,
  action: 'change' | 'renew',
  target: Plan | undefined,
  current: Plan | undefined,
  now: Date
): Quote => {
  const waived = (amount: number) => (amount < MIN_CARD_AMOUNT ? 0 : amount)
  if (action === 'renew') {
    const plan = target
    if (!plan) throw refuse('The plan to renew is not on offer', 'billing.plan.unknown', 'plan')
    if (!row.hadContract || row.state === 'trial')
      throw refuse('There is no contract to renew: choose a plan', 'billing.nothingToRenew', 'action')
    if (row.state === 'active' && row.autoRenew)
      throw refuse('The contract renews by itself at its end', 'billing.renewNotDue', 'action')
    const start = row.state === 'active' && row.end ? new Date(row.end) : now
    return {
      type: 'charge',
      kind: 'renewal',
      plan,
      amount: waived(periodPrice(plan, false)),
      periodStart: start,
      periodEnd: addMonths(start, plan.periodMonths)
    }
  }
  if (!target || !target.active) throw refuse('Unknown plan', 'billing.plan.unknown', 'plan')
  if (row.state !== 'active' || !row.start || !row.end || !current)
    return {
      type: 'charge',
      kind: 'contract',
      plan: target,
      amount: waived(periodPrice(target, !row.hadContract)),
      periodStart: now,
      periodEnd: addMonths(now, target.periodMonths)
    }
  if (target.code === current.code) {
    if (row.pendingPlan) return { type: 'unbook' }
    throw refuse('This is the current plan', 'billing.samePlan', 'plan')
  }
  if (!isUpgrade(current, target)) return { type: 'book', plan: target }
  const period = { start: new Date(row.start), end: new Date(row.end) }
  return {
    type: 'charge',
    kind: 'upgrade',
    plan: target,
    amount: waived(upgradeCharge(current, target, period, now)),
    periodStart: now,
    periodEnd: period.end
  }
}
