import { announceShopChange, applyEntitlement } from '../../src/domains/billing/entitlement'
import type { TestApp } from './test-app'

/*
 * A shop's plan moved the way billing moves it (decision 0129): its subscription row, then the entitlement
 * applied in the same transaction and announced, never the shop's attributes written by hand.
 */

const YEAR = 365 * 86_400_000

/** The shop under a paid contract on `plan` (basic, pro, business, or an operator's own). */
export const putOnPlan = async (t: TestApp, shop: string, plan: string) => {
  const now = Date.now()
  await t.db.knex.transaction(async (trx) => {
    await trx('shopSubscriptions')
      .where({ shop })
      .update({
        plan,
        state: 'active',
        start: new Date(now).toISOString(),
        end: new Date(now + YEAR).toISOString(),
        hadContract: true
      })
    await applyEntitlement(trx, shop)
  })
  await announceShopChange(t.app, shop)
}

/** The shop's trial or contract ended unpaid and its grace is over: paid features off, records kept. */
export const lapseShop = async (t: TestApp, shop: string) => {
  await t.db.knex.transaction(async (trx) => {
    await trx('shopSubscriptions').where({ shop }).update({ state: 'lapsed', graceEnd: null })
    await applyEntitlement(trx, shop)
  })
  await announceShopChange(t.app, shop)
}

/** Billing info that passes the shared schema (decision 0129): a paying shop's, in the billing tests. */
export const info = {
  company: 'Tea House Ltd',
  firstName: 'Mei',
  lastName: 'Chan',
  address1: '1 Queen’s Road',
  address2: '',
  city: 'Hong Kong',
  state: '',
  country: 'HK',
  zipcode: '',
  phone: '2345 6789',
  phoneCountry: '852'
}
