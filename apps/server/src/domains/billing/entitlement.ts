import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { announceShop } from '../../platform/tenancy'
import { entitledFeatures, lockSubscription, planByCode } from './subscriptions'
import { nameText, recordChange } from '../audit/audit-log'

/** Why the subscription moved, for the shop's audit log (decision 0137). */
export interface BillingCause {
  /** The admin who did it; null for the server's own work (the sweep, a provider's payment, an operator). */
  user?: string | null
  reason: 'trial' | 'book' | 'checkout' | 'payment' | 'operator' | 'sweep' | 'system'
  /** The booked plan before, when this change books or unbooks one (the shop row does not keep it). */
  pendingPlanBefore?: string | null
  details?: Record<string, unknown>
}

const instant = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : new Date(String(value)).toISOString()

/*
 * The shop's `attributes` are the entitlement, written only here (decision 0129): the permission table
 * keeps reading the shop row, so there is no second source of truth for the gate.
 */

/**
 * Copies what the shop's subscription entitles it to onto the shop row, in `trx` (the transaction that
 * changed the subscription): `attributes` (the plan's features while trial/active/grace, none once
 * lapsed), `validUtil` (the trial end), `contract` and `contractEnd` (under a contract, or in the grace
 * after one), `plan`, `billingState` and `graceEnd`. Call `announceShopChange` after the commit.
 */
export const applyEntitlement = async (
  trx: Knex.Transaction,
  shop: string,
  cause: BillingCause = { reason: 'system' }
): Promise<void> => {
  const row = await lockSubscription(trx, shop)
  const plan = await planByCode(trx, row.plan)
  const was = (await trx('shops').where({ _id: shop }).first('plan', 'billingState', 'contractEnd')) as
    { plan?: string | null; billingState?: string | null; contractEnd?: unknown } | undefined
  const features = entitledFeatures(row.state, plan)
  // A contract is running, or ended unpaid and is in its grace; a trial's grace has no contract.
  const contracted = row.state === 'active' || (row.state === 'grace' && row.start !== null)
  await trx('shops')
    .where({ _id: shop })
    .update({
      attributes: JSON.stringify(Object.fromEntries(features.map((feature) => [feature, true]))),
      validUtil: row.trialEnd,
      contract: contracted ? row.plan : null,
      contractEnd: contracted ? row.end : null,
      plan: row.plan,
      billingState: row.state,
      graceEnd: row.state === 'grace' ? row.graceEnd : null,
      updatedAt: trx.fn.now()
    })
  // The plan, its state, the contract's end and a booked change, as the shop had them and has them now.
  await recordChange(trx, {
    shop,
    user: cause.user ?? null,
    area: 'billing',
    action: `billing.${cause.reason}`,
    target: row.plan,
    targetName: nameText(plan?.name),
    before: {
      plan: was?.plan ?? null,
      state: was?.billingState ?? null,
      contractEnd: instant(was?.contractEnd),
      ...(cause.pendingPlanBefore !== undefined ? { pendingPlan: cause.pendingPlanBefore } : {})
    },
    after: {
      plan: row.plan,
      state: row.state,
      contractEnd: instant(contracted ? row.end : null),
      ...(cause.pendingPlanBefore !== undefined ? { pendingPlan: row.pendingPlan } : {})
    },
    details: cause.details
  })
}

/**
 * After the commit: every process's shop directory drops its copy of the shop, and its members' web
 * clients get the shop `patched` with what they may now do (the same event any shop change sends).
 */
export const announceShopChange = (app: Application, shop: string): Promise<void> => announceShop(app, shop)
