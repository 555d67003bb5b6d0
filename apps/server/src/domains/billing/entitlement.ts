import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { announceShop } from '../../platform/tenancy'
import { entitledFeatures, lockSubscription, planByCode } from './subscriptions'

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
export const applyEntitlement = async (trx: Knex.Transaction, shop: string): Promise<void> => {
  const row = await lockSubscription(trx, shop)
  const plan = await planByCode(trx, row.plan)
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
}

/**
 * After the commit: every process's shop directory drops its copy of the shop, and its members' web
 * clients get the shop `patched` with what they may now do (the same event any shop change sends).
 */
export const announceShopChange = (app: Application, shop: string): Promise<void> => announceShop(app, shop)
