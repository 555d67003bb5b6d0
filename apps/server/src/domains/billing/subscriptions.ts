import type { Knex } from 'knex'
import { NotFound } from '@feathersjs/errors'
import { planFeatures, type BillingInfo, type Plan, type PlanFeature, type Subscription } from '@emporia/shared'
import type { AppConfig } from '../../config'
import { newObjectId } from '../../platform/http/object-id'

/*
 * The shop's subscription row (table shopSubscriptions, decision 0129): one per shop, made in the
 * shop's own create transaction. Every change of it is followed, in the same transaction, by
 * `applyEntitlement` (entitlement.ts), which copies what it entitles the shop to onto the shop row.
 */

type Db = Knex | Knex.Transaction

/** A stored subscription: the wire shape's fields plus the server-only ones (provider ids, reminder marks). */
export interface SubscriptionRow {
  _id: string
  shop: string
  plan: string
  /** Never `off`: that state is only answered (BILLING=off), never stored. */
  state: 'trial' | 'active' | 'grace' | 'lapsed'
  trialEnd: string
  start: string | null
  end: string | null
  autoRenew: boolean
  nextBill: string | null
  renewAt: string | null
  upgradeDate: string | null
  pendingPlan: string | null
  graceEnd: string | null
  /** A contract was paid once: the plan's free months are for the first contract only. */
  hadContract: boolean
  billingInfo: BillingInfo | null
  card: { brand: string; last4: string } | null
  lastFailure: string | null
  providerCustomer: string | null
  providerPaymentMethod: string | null
  /** The period end (or trial end) the 7-day and 1-day reminders were sent for. */
  reminded7For: string | null
  reminded1For: string | null
  createdAt: string
  updatedAt: string
}

/** The shop's subscription, locked for the rest of `trx` (every change of it goes through here first). */
export const lockSubscription = async (trx: Knex.Transaction, shop: string): Promise<SubscriptionRow> => {
  const row = (await trx('shopSubscriptions').where({ shop }).forUpdate().first()) as SubscriptionRow | undefined
  if (!row) throw new NotFound('This shop has no subscription', { key: 'billing.noSubscription' })
  return row
}

/** The subscription without a lock (reads). */
export const readSubscription = async (db: Db, shop: string): Promise<SubscriptionRow | undefined> =>
  (await db('shopSubscriptions').where({ shop }).first()) as SubscriptionRow | undefined

/** A plan row as the wire shape (bigint price parsed by the driver; jsonb as objects). */
const toPlan = (row: Record<string, unknown>): Plan => row as unknown as Plan

export const planByCode = async (db: Db, code: string): Promise<Plan | undefined> => {
  const row = (await db('plans').where({ code }).first()) as Record<string, unknown> | undefined
  return row ? toPlan(row) : undefined
}

/**
 * The highest-ranked active plan: the one a trial gets (decision 0129). Should an operator retire every
 * plan, the highest of all, so a merchant can still open a shop.
 */
export const trialPlan = async (db: Db): Promise<Plan> => {
  const highest = [{ column: 'active', order: 'desc' as const }, { column: 'rank', order: 'desc' as const }, { column: 'code' }]
  const row = (await db('plans').orderBy(highest).first()) as Record<string, unknown> | undefined
  if (!row) throw new NotFound('No plan is on offer', { key: 'billing.plan.none' })
  return toPlan(row)
}

/** The features a subscription in this state grants now: the plan's, none once lapsed. */
export const entitledFeatures = (state: SubscriptionRow['state'], plan: Pick<Plan, 'features'> | undefined): PlanFeature[] =>
  state === 'lapsed' || !plan ? [] : [...plan.features]

/**
 * The wire shape (shared `subscription.schema.ts`). `plan` is the subscription's plan (`planByCode(row.plan)`),
 * whose features the shop has in trial, active and grace. With BILLING=off the state is `off` and every
 * feature is on, whatever is stored.
 */
export const toSubscription = (
  row: SubscriptionRow,
  config: Pick<AppConfig, 'billing'>,
  plan: Pick<Plan, 'features'> | undefined
): Subscription => ({
  _id: row._id,
  shop: row.shop,
  state: config.billing ? row.state : 'off',
  plan: row.plan,
  trialEnd: row.trialEnd,
  start: row.start,
  end: row.end,
  autoRenew: row.autoRenew,
  nextBill: row.nextBill,
  renewAt: row.renewAt,
  upgradeDate: row.upgradeDate,
  pendingPlan: row.pendingPlan,
  graceEnd: row.graceEnd,
  features: config.billing ? entitledFeatures(row.state, plan) : [...planFeatures],
  billingInfo: row.billingInfo,
  card: row.card,
  lastFailure: row.lastFailure,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

/** The shop's subscription as `billing` answers it (row and plan read on `db`). */
export const loadSubscription = async (db: Db, shop: string, config: Pick<AppConfig, 'billing'>): Promise<Subscription> => {
  const row = await readSubscription(db, shop)
  if (!row) throw new NotFound('This shop has no subscription', { key: 'billing.noSubscription' })
  return toSubscription(row, config, await planByCode(db, row.plan))
}

/**
 * A new shop's trial on the highest active plan for `config.trialDays`, in the shop's create transaction
 * (the caller then runs `applyEntitlement`). Answers the row.
 */
export const createTrial = async (
  trx: Knex.Transaction,
  shop: string,
  now: Date,
  config: Pick<AppConfig, 'trialDays'>
): Promise<SubscriptionRow> => {
  const plan = await trialPlan(trx)
  const trialEnd = new Date(now.getTime() + config.trialDays * 86_400_000).toISOString()
  const [row] = (await trx('shopSubscriptions')
    .insert({ _id: newObjectId(), shop, plan: plan.code, state: 'trial', trialEnd, autoRenew: true })
    .returning('*')) as SubscriptionRow[]
  return row
}
