import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { ServiceContext } from '../../platform/http/service-context'
import { announceShopChange, applyEntitlement } from './entitlement'
import { dueReminder, sendReminder } from './billing-reminders'
import type { SubscriptionRow } from './subscriptions'

/*
 * Scheduled billing (decision 0129) is a sweep over the database, not timers: state lives in rows, so it
 * survives restarts and runs the same on both databases. Each due shop is moved in its own transaction,
 * its subscription locked with SKIP LOCKED and read again under the lock, so a payment or another
 * process's sweep at the same moment wins or waits for the next sweep, and nothing happens twice.
 */

const DAY = 86_400_000

export interface BillingSweepOptions {
  /** Charges a due renewal on the saved card and applies it (billing/payments); absent = no card charges. */
  renew?: (shop: string) => Promise<'paid' | 'failed'>
  /** Where a shop's failed step is told; the sweep goes on with the next shop. */
  log?: (error: unknown) => void
}

export interface BillingSweepResult {
  grace: number
  lapsed: number
  renewed: number
  reminded: number
}

type Step = 'grace' | 'lapsed' | 'reminded' | undefined

/** Shops with something due now or a reminder within 7 days, on the owner's connection across shops. */
const dueShops = async (knex: Knex, now: Date): Promise<SubscriptionRow[]> => {
  const soon = new Date(now.getTime() + 7 * DAY).toISOString()
  const rows = (await knex('shopSubscriptions')
    .where((due) => {
      void due
        .where((trial) => void trial.where({ state: 'trial' }).where('trialEnd', '<=', soon))
        .orWhere((active) => void active.where({ state: 'active' }).where('end', '<=', soon))
        .orWhere((grace) => void grace.where({ state: 'grace' }).where('graceEnd', '<=', now.toISOString()))
    })
    .orderBy('shop')) as SubscriptionRow[]
  // Reminders already sent and contracts that renew themselves wait without a transaction of their own.
  return rows.filter((row) => hasWork(row, now))
}

const isDueRenewal = (row: SubscriptionRow, now: Date) =>
  row.state === 'active' && row.end !== null && Date.parse(row.end) <= now.getTime()

const hasWork = (row: SubscriptionRow, now: Date) =>
  (row.state === 'trial' && Date.parse(row.trialEnd) <= now.getTime()) ||
  isDueRenewal(row, now) ||
  (row.state === 'grace' && row.graceEnd !== null && Date.parse(row.graceEnd) <= now.getTime()) ||
  dueReminder(row, now) !== undefined

/** The step one shop takes now, in one transaction under its subscription's lock. */
const stepShop = async (
  context: ServiceContext,
  shop: string,
  now: Date,
  renewal: 'paid' | 'failed' | undefined
): Promise<Step> =>
  context.db.knex.transaction(async (trx) => {
    const row = (await trx('shopSubscriptions').where({ shop }).forUpdate().skipLocked().first()) as SubscriptionRow | undefined
    if (!row) return undefined
    const update = (changes: Partial<SubscriptionRow>) =>
      trx('shopSubscriptions')
        .where({ _id: row._id })
        .update({ ...changes, updatedAt: now.toISOString() })
    const graceEnd = new Date(now.getTime() + context.config.billingGraceDays * DAY).toISOString()
    if (row.state === 'trial' && Date.parse(row.trialEnd) <= now.getTime()) {
      await update({ state: 'grace', graceEnd, nextBill: null })
      await applyEntitlement(trx, shop, { reason: 'sweep' })
      return 'grace'
    }
    if (isDueRenewal(row, now)) {
      // Paid, the payment moved the contract on (here, or a process that settled it first).
      if (renewal === 'paid') return undefined
      // Not renewed (no card, auto-renew off, declined): grace, the failure kept. A booked downgrade
      // takes effect at the period's end all the same.
      await update({ state: 'grace', graceEnd, nextBill: null, plan: row.pendingPlan ?? row.plan, pendingPlan: null })
      await applyEntitlement(trx, shop, { reason: 'sweep' })
      return 'grace'
    }
    if (row.state === 'grace' && row.graceEnd !== null && Date.parse(row.graceEnd) <= now.getTime()) {
      await update({ state: 'lapsed', nextBill: null })
      await applyEntitlement(trx, shop, { reason: 'sweep' })
      return 'lapsed'
    }
    const reminder = dueReminder(row, now)
    if (!reminder) return undefined
    await sendReminder(context, trx, row, reminder.end)
    // A 1-day reminder also stands for the 7-day one when that was never sent (a short trial).
    await update(
      reminder.mark === 'reminded1For'
        ? { reminded1For: reminder.end, reminded7For: reminder.end }
        : { reminded7For: reminder.end }
    )
    return 'reminded'
  })

/**
 * One sweep over every shop with billing work due (the job queue's `billing.sweep` runs it each minute and at start, decision 0145; tests call it with a moved clock).
 * A due renewal is charged first, outside the shop's transaction (the charge waits on the provider);
 * what the charge did not settle moves to grace in the transaction after.
 */
export const runBillingSweep = async (
  context: ServiceContext,
  app: Application,
  options: BillingSweepOptions = {}
): Promise<BillingSweepResult> => {
  const result: BillingSweepResult = { grace: 0, lapsed: 0, renewed: 0, reminded: 0 }
  if (!context.config.billing) return result
  const now = context.clock.now()
  for (const row of await dueShops(context.db.knex, now)) {
    const { shop } = row
    // One shop's fault (a provider down, a bad row) is that shop's: it is tried again next sweep.
    try {
      let renewal: 'paid' | 'failed' | undefined
      if (isDueRenewal(row, now) && row.autoRenew && row.providerPaymentMethod && options.renew) {
        renewal = await options.renew(shop)
        if (renewal === 'paid') result.renewed++
      }
      const step = await stepShop(context, shop, now, renewal)
      if (step) result[step]++
      if (step === 'grace' || step === 'lapsed') await announceShopChange(app, shop)
    } catch (error) {
      if (!options.log) throw error
      options.log(error)
    }
  }
  return result
}
