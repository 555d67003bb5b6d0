import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { servicePaths } from '@emporia/shared'
import { announceShopChange } from '../entitlement'
import { loadSubscription } from '../subscriptions'
import type { ServiceContext } from '../../../platform/http/service-context'

/*
 * A money call to the platform's provider (table billingCharges, decision 0130): one row per attempt, its id
 * the idempotency key of every provider call about it. `pending` until the card pays (`paid`, exactly once),
 * an off-session charge is declined (`failed`) or another checkout replaces it (`canceled`).
 */

export type ChargeKind = 'contract' | 'upgrade' | 'renewal'
export type ChargeStatus = 'pending' | 'paid' | 'failed' | 'canceled'

export interface ChargeRow {
  _id: string
  shop: string
  kind: ChargeKind
  plan: string
  amount: number
  currency: string
  status: ChargeStatus
  periodStart: string
  periodEnd: string
  intentId: string | null
  failure: string | null
  paidAt: string | null
  createdAt: string
  updatedAt: string
}

/** What billing's payment code needs: the app (to announce a shop's change) and the server's context. */
export interface BillingEnv {
  app: Application
  /** The logger is the server's (decision 0209); a caller without one (a script) has the warnings on the console. */
  context: Pick<ServiceContext, 'config' | 'db' | 'clock'> & Partial<Pick<ServiceContext, 'logger'>>
  /** Who asked, for the audit log (decision 0137); none for the server's own work. */
  user?: string | null
}

export const CURRENCY = 'HKD'
/** Stripe's smallest card charge in HKD (HK$4.00): less is not charged at all (decision 0130). */
export const MIN_CARD_AMOUNT = 400

export const readCharge = async (db: Knex | Knex.Transaction, id: string) =>
  (await db('billingCharges').where({ _id: id }).first()) as ChargeRow | undefined

export const pendingCharges = async (db: Knex | Knex.Transaction, shop: string) =>
  (await db('billingCharges').where({ shop, status: 'pending' }).orderBy('createdAt')) as ChargeRow[]

/** The provider's metadata on a charge's intent: the webhook and refresh check an intent is the charge's own. */
export const intentMetadata = (charge: Pick<ChargeRow, '_id' | 'shop' | 'kind' | 'plan'>, offSession = false) => ({
  shop: charge.shop,
  charge: charge._id,
  kind: charge.kind,
  plan: charge.plan,
  ...(offSession ? { offSession: 'true' } : {})
})

/**
 * After a payment's commit: the shop's features (every process's shop directory, its members' clients) and
 * the subscription itself (`billing patched`, heard by the shop's admins: the billing page updates when a
 * webhook lands).
 */
export const announcePayment = async (env: BillingEnv, shop: string, shopChanged = true) => {
  if (shopChanged) await announceShopChange(env.app, shop)
  const subscription = await loadSubscription(env.context.db.knex, shop, env.context.config)
  env.app.service(servicePaths.billing).emit('patched', subscription)
}
