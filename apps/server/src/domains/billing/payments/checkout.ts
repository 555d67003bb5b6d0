import { BadRequest, Conflict } from '@feathersjs/errors'
import type { BillingCheckout, BillingCheckoutData } from '@emporia/shared'
import { newObjectId } from '../../../platform/http/object-id'
import { ProviderError, type PlatformProvider } from '../../payments/provider/provider'
import { applyEntitlement } from '../entitlement'
import { loadSubscription, lockSubscription, planByCode, readSubscription } from '../subscriptions'
import { asFeathersError, platformProvider, requirePlatformProvider } from './platform-provider'
import { announcePayment, intentMetadata, pendingCharges, readCharge, type BillingEnv, type ChargeRow } from './charges'
import { payCharge, settleCharge } from './settle'
import { quote } from './quote'

type Step = { type: 'done'; charge: null } | { type: 'charge'; charge: ChargeRow } | { type: 'replace'; charge: ChargeRow }

/** Settles every pending charge of the shop from the provider's answer (also `billing/refresh`). */
export const refreshPending = async (env: BillingEnv, shop: string) => {
  for (const charge of await pendingCharges(env.context.db.knex, shop)) await settleCharge(env, charge._id)
}

/** The platform's customer the shop's cards are saved on, made once (the key makes two at once one). */
const customerOf = async (env: BillingEnv, provider: PlatformProvider, shop: string): Promise<string> => {
  const knex = env.context.db.knex
  const row = await readSubscription(knex, shop)
  if (row?.providerCustomer) return row.providerCustomer
  const customer = await provider
    .createCustomer({ idempotencyKey: `customer-${row?._id ?? shop}`, metadata: { shop } })
    .catch((error: unknown) => Promise.reject(asFeathersError(error)))
  await knex('shopSubscriptions').where({ shop }).whereNull('providerCustomer').update({ providerCustomer: customer.id })
  return customer.id
}

/**
 * In the subscription's lock: what this checkout does now, with the one pending charge the shop may have.
 * Money to take needs the platform's keys (`billing.notConfigured`, nothing written); a booked downgrade or
 * a free period does not.
 */
const decide = async (env: BillingEnv, shop: string, data: BillingCheckoutData): Promise<Step> => {
  const { context } = env
  const now = context.clock.now()
  return context.db.knex.transaction(async (trx) => {
    const row = await lockSubscription(trx, shop)
    const current = await planByCode(trx, row.plan)
    const target = await planByCode(trx, data.action === 'renew' ? (row.pendingPlan ?? row.plan) : String(data.plan ?? ''))
    const wanted = quote(row, data.action, target, current, now)
    if (wanted.type === 'book' || wanted.type === 'unbook') {
      await trx('shopSubscriptions')
        .where({ _id: row._id })
        .update({ pendingPlan: wanted.type === 'book' ? wanted.plan.code : null, updatedAt: trx.fn.now() })
      await applyEntitlement(trx, shop, { user: env.user ?? null, reason: 'book', pendingPlanBefore: row.pendingPlan })
      return { type: 'done', charge: null }
    }
    if (!row.billingInfo)
      throw new BadRequest('Fill in the billing information first', { key: 'billing.infoRequired', field: 'billingInfo' })
    if (wanted.amount > 0) requirePlatformProvider(context.config)
    const [pending] = await pendingCharges(trx, shop)
    // An open charge is the provider's to cancel or answer, whatever this one costs.
    if (pending) requirePlatformProvider(context.config)
    // The same payment asked again (a second tab, a double click): the same charge and intent answer it.
    if (pending?.kind === wanted.kind && pending.plan === wanted.plan.code && pending.amount === wanted.amount)
      return { type: 'charge', charge: pending }
    if (pending) return { type: 'replace', charge: pending }
    const charge: ChargeRow = {
      _id: newObjectId(),
      shop,
      kind: wanted.kind,
      plan: wanted.plan.code,
      amount: wanted.amount,
      currency: 'HKD',
      status: 'pending',
      periodStart: wanted.periodStart.toISOString(),
      periodEnd: wanted.periodEnd.toISOString(),
      intentId: null,
      failure: null,
      paidAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString()
    }
    const [inserted] = (await trx('billingCharges').insert(charge).returning('*')) as ChargeRow[]
    // Nothing to charge (free months, an upgrade under the card minimum): the contract moves at once.
    if (wanted.amount === 0) {
      await payCharge(trx, inserted, null, now, { user: env.user ?? null, reason: 'checkout' })
      return { type: 'done', charge: null }
    }
    return { type: 'charge', charge: inserted }
  })
}

/**
 * A pending charge for something else is replaced: its intent is cancelled first (so a stale page can no
 * longer pay it), then the charge. An intent that already paid or is paying cannot be: it is settled, and
 * the checkout answers 409 so the merchant sees what was paid before choosing again.
 */
const replace = async (env: BillingEnv, provider: PlatformProvider, charge: ChargeRow) => {
  if (charge.intentId) {
    try {
      await provider.cancelIntent(charge.intentId, `cancel-${charge._id}`)
    } catch (error) {
      if (!(error instanceof ProviderError) || error.code !== 'unexpected_state') throw asFeathersError(error)
      await settleCharge(env, charge._id)
      throw new Conflict('A payment for the subscription is already under way', { key: 'billing.paymentInProgress' })
    }
  }
  await env.context.db
    .knex('billingCharges')
    .where({ _id: charge._id, status: 'pending' })
    .update({ status: 'canceled', updatedAt: env.context.db.knex.fn.now() })
}

/** The charge's intent, made once: its id is the idempotency key, so two checkouts at once get the same intent. */
const intentOf = async (env: BillingEnv, provider: PlatformProvider, charge: ChargeRow, customer: string) => {
  const knex = env.context.db.knex
  try {
    if (charge.intentId) return await provider.getIntent(charge.intentId)
    const intent = await provider.createIntent({
      amount: charge.amount,
      currency: charge.currency,
      idempotencyKey: charge._id,
      description: `Emporia ${charge.plan} (${charge.kind})`,
      metadata: intentMetadata(charge),
      customer,
      saveCard: true
    })
    await knex('billingCharges').where({ _id: charge._id }).whereNull('intentId').update({ intentId: intent.id })
    return intent
  } catch (error) {
    // A refusal that the same call would meet again must not hold the shop's one pending place.
    if (error instanceof ProviderError && !error.retryable && !charge.intentId)
      await knex('billingCharges')
        .where({ _id: charge._id, status: 'pending' })
        .update({ status: 'canceled', failure: error.code })
    throw asFeathersError(error)
  }
}

/**
 * `billing/checkout` (decision 0130): pay for a plan by card on the platform's Stripe account. Answers the
 * charge to confirm in the browser (Stripe.js `confirmCardPayment(clientSecret)`), or `charge: null` when
 * nothing is to be paid (a downgrade booked, free months).
 */
export const checkout = async (env: BillingEnv, shop: string, data: BillingCheckoutData): Promise<BillingCheckout> => {
  const { config } = env.context
  if (!config.billing) throw new Conflict('Billing is off on this server', { key: 'billing.off' })
  if (data.action !== 'change' && data.action !== 'renew')
    throw new BadRequest('"action" must be change or renew', { key: 'format.invalid', field: 'action' })
  if (data.action === 'change' && typeof data.plan !== 'string')
    throw new BadRequest('Choose a plan', { key: 'billing.plan.unknown', field: 'plan' })
  const provider = platformProvider(config)
  // A payment made since the last look (its webhook not yet here) counts before anything is decided.
  await refreshPending(env, shop)
  const answer = (charge: ChargeRow | null, clientSecret: string | null) =>
    loadSubscription(env.context.db.knex, shop, config).then((subscription) => ({
      charge: charge?._id ?? null,
      amount: charge?.amount ?? 0,
      currency: 'HKD' as const,
      clientSecret,
      publishableKey: provider ? (config.platformStripe.publishableKey ?? null) : null,
      scriptUrl: provider?.browserScript.url ?? null,
      subscription
    }))
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const step = await decide(env, shop, data)
    if (step.type === 'done') {
      await announcePayment(env, shop)
      return answer(null, null)
    }
    // decide() made or found a charge only with the platform's keys.
    if (!provider) throw new Error('a charge was decided without the platform provider')
    if (step.type === 'replace') {
      await replace(env, provider, step.charge)
      continue
    }
    const intent = await intentOf(env, provider, step.charge, await customerOf(env, provider, shop))
    return answer((await readCharge(env.context.db.knex, step.charge._id)) ?? step.charge, intent.clientSecret)
  }
  throw new Conflict('The subscription changed while paying; try again', { key: 'billing.paymentInProgress' })
}
