import type { Knex } from 'knex'
import { shopAttributes } from '@emporia/shared'
import { shopTransaction } from '../../src/platform/tenancy'
import { shopOwner } from './accounts'
import { client, setShop } from './catalogue-support'
import type { TestApp } from './test-app'

export type Owner = Awaited<ReturnType<typeof shopOwner>>
export type Body = Record<string, unknown>

/** A shop with discounts and promotions switched on, its client, and one discount rule to hang templates on. */
export const couponShop = async (t: TestApp, name = 'Coupons') => {
  const owner = await shopOwner(t.url, name)
  await setShop(t, owner.shopId, { attributes: Object.fromEntries(shopAttributes.map((attribute) => [attribute, true])) })
  const api = client(t, owner)
  const discount = (
    await api.made('discounts', {
      name: { en: '10% off' },
      type: 'percentage',
      status: 'valid',
      avail: 'both',
      percentageDiscount: 10
    })
  )._id
  const template = async (fields: Body = {}) =>
    (await api.made('couponTemplates', { name: { en: 'Welcome' }, discount, ...fields }))._id
  const customer = async (firstName = 'Ann') => (await api.made('shopUsers', { firstName }))._id
  return { owner, api, discount, template, customer }
}

/**
 * Runs a coupon step in a transaction of the shop, as an order step would (behind the wall on PostgreSQL).
 * PGlite has one connection: a step that waits longer than the pool's acquire timeout for it (hundreds
 * queued on a busy machine) is refused before its transaction starts, as the server answers 503, and is
 * tried again as a client would; nothing of it ran, so the counts stay exact.
 */
export const inShop = async <T>(t: TestApp, shop: string, run: (trx: Knex.Transaction) => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await shopTransaction(t.db.knex, t.context.records.rowSecurity, shop, run)
    } catch (error) {
      if ((error as Error).name !== 'KnexTimeoutError' || attempt === 5) throw error
    }
  }
}

/** What a refused call says: status and the shared message key. */
export const refusal = (error: unknown) => {
  const e = error as { code?: number; data?: { key?: string; field?: string } }
  return `${e.code} ${e.data?.key} ${e.data?.field}`
}

/** Settles every promise and answers the refusals (or 'ok'), so a test counts both. */
export const outcomes = async (runs: Promise<unknown>[]) =>
  (await Promise.allSettled(runs)).map((result) => (result.status === 'fulfilled' ? 'ok' : refusal(result.reason)))

export const count = (list: string[], value: string) => list.filter((item) => item === value).length
