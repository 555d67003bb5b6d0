import type { Knex } from 'knex'
import { applyEntitlement, type BillingCause } from '../entitlement'
import { lockSubscription, planByCode } from '../subscriptions'
import type { PlatformIntent } from '../../payments/provider/provider'
import { asFeathersError, requirePlatformProvider } from './platform-provider'
import { announcePayment, CURRENCY, readCharge, type BillingEnv, type ChargeRow, type ChargeStatus } from './charges'
import { contractAfterPayment, paidPeriod, type PaidCard } from './contract'
import { insertInvoice } from './invoices'

/** Why an intent is not the charge's own, or undefined when it is: the provider's answer is checked, not trusted. */
const mismatchOf = (charge: ChargeRow, intent: PlatformIntent) => {
  if (intent.id !== charge.intentId) return `intent ${intent.id} is not the charge's ${charge.intentId}`
  if (intent.amount !== charge.amount) return `amount ${intent.amount} is not the charge's ${charge.amount}`
  if (intent.currency !== CURRENCY.toLowerCase()) return `currency ${intent.currency}`
  if (intent.metadata.charge !== charge._id || intent.metadata.shop !== charge.shop) return 'it names another charge'
  return undefined
}

/** The message key a declined card leaves on the subscription (the web translates it). */
export const failureKey = (code: string | null) =>
  code === 'authentication_required' ? 'payment.provider.authentication_required' : 'payment.provider.card_declined'

/** Marks the webhook event handled in the transaction of its effect; false when it already was (a redelivery). */
const firstDelivery = async (trx: Knex.Transaction, event: { id: string; type: string } | undefined) => {
  if (!event) return true
  const inserted = (await trx('billingEvents')
    .insert({ id: event.id, type: event.type })
    .onConflict('id')
    .ignore()
    .returning('id')) as unknown[]
  return inserted.length > 0
}

/**
 * Pays a locked pending (or failed) charge, in its transaction: the contract moves, the invoice is numbered
 * and written, and the shop's features follow (applyEntitlement). The caller announces the shop after commit.
 */
export const payCharge = async (
  trx: Knex.Transaction,
  charge: ChargeRow,
  card: PaidCard | null,
  now: Date,
  cause: BillingCause = { reason: 'payment' }
) => {
  const row = await lockSubscription(trx, charge.shop)
  const plan = await planByCode(trx, charge.plan)
  if (!plan) throw new Error(`charge ${charge._id} names an unknown plan ${charge.plan}`)
  const period = paidPeriod(row, charge, now)
  await trx('billingCharges').where({ _id: charge._id }).update({
    status: 'paid',
    paidAt: now.toISOString(),
    failure: null,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    updatedAt: trx.fn.now()
  })
  const moved = contractAfterPayment(row, charge, period, card, now)
  await trx('shopSubscriptions')
    .where({ _id: row._id })
    .update({ ...moved, ...(moved.card ? { card: JSON.stringify(moved.card) } : {}), updatedAt: trx.fn.now() })
  await insertInvoice(trx, {
    shop: charge.shop,
    charge: charge._id,
    kind: charge.kind,
    plan: plan.code,
    planName: plan.name,
    amount: charge.amount,
    currency: 'HKD',
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    billingInfo: row.billingInfo,
    card: moved.card ?? row.card,
    paidAt: now.toISOString()
  })
  await applyEntitlement(trx, charge.shop, { ...cause, details: { ...cause.details, kind: charge.kind, amount: charge.amount } })
}

/** A declined attempt: the contract stays as it was; the subscription says why (`lastFailure`). */
const recordFailure = async (trx: Knex.Transaction, charge: ChargeRow, intent: PlatformIntent, offSession: boolean) => {
  const key = failureKey(intent.failure)
  // Off the session nobody retries that intent: the charge failed. On the page the customer may try another
  // card on the same intent (Stripe returns it to requires_payment_method), so the charge stays pending.
  await trx('billingCharges')
    .where({ _id: charge._id })
    .update({ failure: intent.failure, ...(offSession ? { status: 'failed' } : {}), updatedAt: trx.fn.now() })
  await lockSubscription(trx, charge.shop)
  await trx('shopSubscriptions').where({ shop: charge.shop }).update({ lastFailure: key, updatedAt: trx.fn.now() })
}

/**
 * Applies what the platform's provider says of a charge's intent (decision 0130), read from the provider
 * itself: the webhook (`event`, recorded in the same transaction so a redelivery changes nothing), `billing/refresh`
 * and checkout call it. In one transaction the charge is locked and paid exactly once, the contract moves, the
 * invoice is numbered; after the commit the shop's change is announced. Answers the charge's status.
 */
export const settleCharge = async (
  env: BillingEnv,
  chargeId: string,
  event?: { id: string; type: string },
  known?: PlatformIntent
): Promise<ChargeStatus | undefined> => {
  const { context } = env
  const knex = context.db.knex
  const charge = await readCharge(knex, chargeId)
  const open = charge && (charge.status === 'pending' || charge.status === 'failed') && charge.intentId
  let intent: PlatformIntent | undefined
  let card: PaidCard | null = null
  if (open) {
    const provider = requirePlatformProvider(context.config)
    try {
      intent = known ?? (await provider.getIntent(charge.intentId as string))
      if (intent.status === 'succeeded' && intent.paymentMethod) {
        const found = await provider.card(intent.paymentMethod)
        card = {
          id: found.id,
          brand: found.brand,
          last4: found.last4,
          saved: found.customer !== null && found.customer === intent.customer
        }
      }
    } catch (error) {
      throw asFeathersError(error)
    }
    const mismatch = mismatchOf(charge, intent)
    if (mismatch) {
      const line = `billing charge ${charge._id} left as it is: ${mismatch}`
      if (context.logger) context.logger.warn(line)
      else if (context.config.logLevel !== 'silent') console.warn(line)
      intent = undefined
    }
  }
  const result = await knex.transaction(async (trx) => {
    const unchanged = { status: charge?.status, paid: false, failed: false }
    if (!(await firstDelivery(trx, event))) return unchanged
    if (!charge || !intent) return unchanged
    const locked = (await trx('billingCharges').where({ _id: chargeId }).forUpdate().first()) as ChargeRow
    if (locked.status === 'paid' || locked.status === 'canceled') return { ...unchanged, status: locked.status }
    if (intent.status === 'succeeded') {
      await payCharge(trx, locked, card, context.clock.now())
      return { status: 'paid' as const, paid: true, failed: false }
    }
    if (intent.status === 'canceled') {
      await trx('billingCharges').where({ _id: chargeId }).update({ status: 'canceled', updatedAt: trx.fn.now() })
      return { ...unchanged, status: 'canceled' as const }
    }
    if (intent.status === 'requires_payment_method' && intent.failure && locked.status === 'pending') {
      const offSession = intent.metadata.offSession === 'true'
      await recordFailure(trx, locked, intent, offSession)
      return { status: offSession ? ('failed' as const) : locked.status, paid: false, failed: true }
    }
    return { ...unchanged, status: locked.status }
  })
  if (charge && (result.paid || result.failed)) await announcePayment(env, charge.shop, result.paid)
  return result.status
}
