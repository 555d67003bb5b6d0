import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { addMonths, isObjectId, type OperatorAction, type OperatorActionData } from '@emporia/shared'
import { applyEntitlement } from '../entitlement'
import { lockSubscription, planByCode, type SubscriptionRow } from '../subscriptions'
import { recordOperatorAction } from './operator-log'

/*
 * What an operator does to a shop (decision 0131): extend its trial, or grant it a plan without payment.
 * Each runs in one transaction: lock the subscription, change it, rewrite the shop's entitlement, and
 * record the action in the operator log. The caller announces the shop after the commit.
 */

const DAY = 86_400_000
export const TRIAL_DAYS_RANGE = { min: 1, max: 365 } as const
export const GRANT_MONTHS_RANGE = { min: 1, max: 60 } as const

const onField = (field: string, key: string, message: string, values?: Record<string, unknown>) =>
  new BadRequest(message, { key, field, ...(values ? { values } : {}) })

const FIELDS = { extendTrial: ['action', 'shop', 'days'], grantPlan: ['action', 'shop', 'plan', 'months'] } as const

const wholeIn = (value: unknown, field: string, range: { min: number; max: number }) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max)
    throw onField(field, `operator.${field}Range`, `"${field}" must be a whole number from ${range.min} to ${range.max}`, {
      ...range
    })
  return value
}

/** The action as sent, checked field by field (400 on the field, with a translated key). */
export const checkActionData = (data: unknown): OperatorActionData => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequest('Send one action as an object')
  const sent = data as Record<string, unknown>
  const action = sent.action
  if (action !== 'extendTrial' && action !== 'grantPlan')
    throw onField('action', 'operator.unknownAction', '"action" must be extendTrial or grantPlan')
  const unknown = Object.keys(sent).find((key) => !(FIELDS[action] as readonly string[]).includes(key))
  if (unknown !== undefined) throw onField(unknown, 'format.unknownField', `"${unknown}" is not a field of ${action}`)
  if (!isObjectId(sent.shop)) throw onField('shop', 'operator.unknownShop', 'No such shop')
  if (action === 'extendTrial') return { action, shop: sent.shop, days: wholeIn(sent.days, 'days', TRIAL_DAYS_RANGE) }
  if (typeof sent.plan !== 'string' || !sent.plan) throw onField('plan', 'operator.unknownPlan', 'No such plan')
  return { action, shop: sent.shop, plan: sent.plan, months: wholeIn(sent.months, 'months', GRANT_MONTHS_RANGE) }
}

const time = (value: string | Date | null) => (value === null ? null : new Date(value).getTime())
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString())

/**
 * A trial can be extended while it runs, and in the grace or lapse that follows a trial — not after a
 * contract (paid or granted) ended: that shop pays again or is granted a plan.
 */
export const trialExtendable = (row: Pick<SubscriptionRow, 'state' | 'start' | 'end' | 'trialEnd'>) =>
  row.state === 'trial' ||
  ((row.state === 'grace' || row.state === 'lapsed') && (row.start === null || time(row.end)! <= time(row.trialEnd)!))

type Change = { shop: string; details: Record<string, unknown> }

const extendTrial = async (trx: Knex.Transaction, shop: string, days: number, now: Date): Promise<Change> => {
  const row = await lockSubscription(trx, shop)
  if (!trialExtendable(row))
    throw onField('shop', 'operator.notInTrial', 'This shop had a contract: grant it a plan instead of extending a trial')
  const trialEnd = new Date(Math.max(time(row.trialEnd)!, now.getTime()) + days * DAY)
  await trx('shopSubscriptions')
    .where({ _id: row._id })
    .update({ state: 'trial', trialEnd, graceEnd: null, nextBill: null, updatedAt: now })
  return {
    shop,
    details: { days, trialEnd: trialEnd.toISOString(), previousTrialEnd: iso(row.trialEnd), previousState: row.state }
  }
}

/** A granted contract: active from now for `months`, no charge, no invoice, no renewal. */
const grantPlan = async (trx: Knex.Transaction, shop: string, code: string, months: number, now: Date): Promise<Change> => {
  const plan = await planByCode(trx, code)
  if (!plan) throw onField('plan', 'operator.unknownPlan', 'No such plan')
  const row = await lockSubscription(trx, shop)
  const end = addMonths(now, months)
  await trx('shopSubscriptions').where({ _id: row._id }).update({
    plan: plan.code,
    state: 'active',
    start: now,
    end,
    autoRenew: false,
    nextBill: null,
    pendingPlan: null,
    graceEnd: null,
    lastFailure: null,
    updatedAt: now
  })
  return {
    shop,
    details: {
      plan: plan.code,
      months,
      start: now.toISOString(),
      end: end.toISOString(),
      previousPlan: row.plan,
      previousState: row.state,
      previousEnd: iso(row.end)
    }
  }
}

/**
 * Runs an operator's action on a shop in one transaction and answers its log entry. `operator` is the
 * operator's e-mail; `now` the server's clock.
 */
export const runOperatorAction = (knex: Knex, data: OperatorActionData, operator: string, now: Date): Promise<OperatorAction> =>
  knex.transaction(async (trx) => {
    const known = await trx('shops').where({ _id: data.shop }).first('_id')
    if (!known) throw onField('shop', 'operator.unknownShop', 'No such shop')
    const change =
      data.action === 'extendTrial'
        ? await extendTrial(trx, data.shop, data.days, now)
        : await grantPlan(trx, data.shop, data.plan, data.months, now)
    await applyEntitlement(trx, data.shop, { reason: 'operator', details: { action: data.action } })
    return recordOperatorAction(trx, { operator, action: data.action, shop: change.shop, details: change.details, at: now })
  })
