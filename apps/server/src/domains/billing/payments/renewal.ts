import type { Application } from '@feathersjs/feathers'
import { addMonths, periodPrice } from '@emporia/shared'
import { newObjectId } from '../../../platform/http/object-id'
import type { ServiceContext } from '../../../platform/http/service-context'
import { ProviderError } from '../../payments/provider/provider'
import { lockSubscription, planByCode, readSubscription } from '../subscriptions'
import { announcePayment, intentMetadata, MIN_CARD_AMOUNT, pendingCharges, type BillingEnv, type ChargeRow } from './charges'
import { platformProvider } from './platform-provider'
import { failureKey, payCharge, settleCharge } from './settle'

type Outcome = 'paid' | 'failed'

/** An open checkout of the merchant's gives way to the due renewal (the shop has one pending charge at most). */
const cancelOpenCheckouts = async (env: BillingEnv, shop: string) => {
  const provider = platformProvider(env.context.config)
  const end = (await readSubscription(env.context.db.knex, shop))?.end
  for (const charge of await pendingCharges(env.context.db.knex, shop)) {
    // This period's own renewal is kept: it is finished below under its own key.
    if (charge.kind === 'renewal' && charge.periodStart === end) continue
    if ((await settleCharge(env, charge._id)) !== 'pending' || !provider || !charge.intentId) continue
    await provider.cancelIntent(charge.intentId, `cancel-${charge._id}`).then(
      () => env.context.db.knex('billingCharges').where({ _id: charge._id, status: 'pending' }).update({ status: 'canceled' }),
      () => undefined
    )
  }
}

/** The renewal charge of the period after the contract's end: found if one was made, else made now (in the lock). */
const renewalCharge = async (env: BillingEnv, shop: string) => {
  const now = env.context.clock.now()
  return env.context.db.knex.transaction(async (trx) => {
    const row = await lockSubscription(trx, shop)
    if (row.state !== 'active' || !row.end || !row.providerCustomer || !row.providerPaymentMethod) return undefined
    // Paid through its end already (another process renewed it first): nothing is due.
    if (new Date(row.end) > now) return { charge: undefined, row }
    // One attempt per period (decision 0130): two processes, or a sweep after a decline, never charge it twice.
    const made = (await trx('billingCharges')
      .where({ shop, kind: 'renewal', periodStart: row.end })
      .whereNot({ status: 'canceled' })
      .first()) as ChargeRow | undefined
    if (made) return { charge: made, row }
    const plan = await planByCode(trx, row.pendingPlan ?? row.plan)
    if (!plan) return undefined
    const price = periodPrice(plan, false)
    const charge: ChargeRow = {
      _id: newObjectId(),
      shop,
      kind: 'renewal',
      plan: plan.code,
      amount: price < MIN_CARD_AMOUNT ? 0 : price,
      currency: 'HKD',
      status: 'pending',
      periodStart: row.end,
      periodEnd: addMonths(new Date(row.end), plan.periodMonths).toISOString(),
      intentId: null,
      failure: null,
      paidAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString()
    }
    const [inserted] = (await trx('billingCharges').insert(charge).returning('*')) as ChargeRow[]
    if (inserted.amount === 0) await payCharge(trx, inserted, null, now)
    return { charge: { ...inserted, status: inserted.amount === 0 ? ('paid' as const) : inserted.status }, row }
  })
}

/**
 * A due renewal (decision 0130): the billing sweep calls it for an active contract whose end has passed,
 * autoRenew on and a saved card. It charges the next period (the booked downgrade's price, if one is booked)
 * off-session on the saved card, the charge's id the idempotency key, settles it and answers `paid` or
 * `failed` (a declined card leaves the contract as it was, with `lastFailure`; the sweep moves it to grace).
 */
export const renewSubscription = async (app: Application, context: ServiceContext, shop: string): Promise<Outcome> => {
  const env: BillingEnv = { app, context }
  const provider = platformProvider(context.config)
  if (!provider) return 'failed'
  await cancelOpenCheckouts(env, shop)
  const found = await renewalCharge(env, shop)
  if (!found) return 'failed'
  const { charge, row } = found
  if (!charge) return 'paid'
  if (charge.status === 'paid') {
    if (charge.amount === 0) await announcePayment(env, shop)
    return 'paid'
  }
  if (charge.status === 'failed') return 'failed'
  // Made and sent before (a retry after a fault, or the merchant's own renewal page): its intent says how it went.
  if (charge.intentId) return (await settleCharge(env, charge._id)) === 'paid' ? 'paid' : 'failed'
  const knex = context.db.knex
  try {
    const intent = await provider.createIntent({
      amount: charge.amount,
      currency: charge.currency,
      idempotencyKey: charge._id,
      description: `Emporia ${charge.plan} (renewal)`,
      metadata: intentMetadata(charge, true),
      customer: row.providerCustomer as string,
      offSession: { paymentMethod: row.providerPaymentMethod as string }
    })
    await knex('billingCharges').where({ _id: charge._id }).whereNull('intentId').update({ intentId: intent.id })
    return (await settleCharge(env, charge._id, undefined, intent)) === 'paid' ? 'paid' : 'failed'
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    // A network or provider fault: the charge stays pending; the next try repeats the call under the same key.
    if (error.retryable) return 'failed'
    const code = error.declineCode ?? error.providerCode ?? error.code
    await knex.transaction(async (trx) => {
      await trx('billingCharges')
        .where({ _id: charge._id, status: 'pending' })
        .update({ status: 'failed', failure: code, intentId: error.intentId ?? charge.intentId, updatedAt: trx.fn.now() })
      await lockSubscription(trx, shop)
      await trx('shopSubscriptions')
        .where({ shop })
        .update({
          lastFailure: error.code === 'card_declined' ? failureKey(error.providerCode ?? null) : `payment.provider.${error.code}`,
          updatedAt: trx.fn.now()
        })
    })
    await announcePayment(env, shop, false)
    return 'failed'
  }
}
