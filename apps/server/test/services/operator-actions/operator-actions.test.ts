import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBillingSweep } from '../../../src/domains/billing/billing-sweep'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { OPERATOR, account, act, get, lapse, movableClock } from './operator-support'

type Body = Record<string, unknown>
const DAY = 86_400_000

const discount = { name: { en: 'Ten off' }, type: 'percentage', status: 'valid', avail: 'both', percentageDiscount: 10 }

/** Issue 30 item 6, decision 0131: an operator's actions on a shop, each recorded with its effect. */
describe.each(await dialects())('operator actions (%s)', (dialect) => {
  let t: TestApp
  let operator: { token: string; user: Body }
  const clock = movableClock()

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { operatorEmails: [OPERATOR] }, clock })
    operator = await account(t, OPERATOR)
  })
  afterAll(() => t.close())

  const subscription = (shop: string) => t.db.knex('shopSubscriptions').where({ shop }).first()
  const postDiscount = (owner: { token: string; shopId: string }) =>
    fetch(`${t.url}/api/discounts?shop=${owner.shopId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify(discount)
    })

  it('says who is an operator on the account: a verified account named by OPERATOR_EMAILS only', async () => {
    expect(operator.user.operator).toBe(true)
    const merchant = await shopOwner(t.url, 'Merchant')
    expect((await get(t, `users/${merchant.userId}`, merchant.token)).body).toMatchObject({ operator: false })
  })

  it('refuses anyone else with 403 errors.notOperator, and a visitor with 401', async () => {
    const merchant = await shopOwner(t.url, 'Not operator')
    const refused = await act(t, merchant.token, { action: 'extendTrial', shop: merchant.shopId, days: 30 })
    expect(refused).toMatchObject({ status: 403, body: { data: { key: 'errors.notOperator' } } })
    expect(await get(t, 'operator/actions', merchant.token)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notOperator' } }
    })
    expect((await get(t, 'operator/actions')).status).toBe(401)
    expect((await subscription(merchant.shopId)).state).toBe('trial')
  })

  it('extends a lapsed trial: the features come back at once (POST discounts works again), and the log says so', async () => {
    const merchant = await shopOwner(t.url, 'Lapsed')
    expect((await postDiscount(merchant)).status).toBe(201)
    await lapse(t, clock, merchant.shopId)
    const off = await postDiscount(merchant)
    expect(off.status).toBe(403)
    expect(((await off.json()) as { data: Body }).data.key).toBe('errors.featureOff')
    const records = await t.db.knex('discounts').where({ shop: merchant.shopId }).count<{ n: string }[]>('* as n')
    expect(Number(records[0].n)).toBe(1)

    clock.advanceDays(3)
    const before = clock.now().getTime()
    const extended = await act(t, operator.token, { action: 'extendTrial', shop: merchant.shopId, days: 30 })
    expect(extended.status).toBe(201)
    expect(extended.body).toMatchObject({ operator: OPERATOR, action: 'extendTrial', shop: merchant.shopId })
    const row = await subscription(merchant.shopId)
    expect(row.state).toBe('trial')
    // From now (the trial had ended), by the server's clock: 30 days on.
    const trialEnd = new Date(row.trialEnd).getTime()
    expect(trialEnd - before).toBeGreaterThanOrEqual(30 * DAY)
    expect(trialEnd - before).toBeLessThan(30 * DAY + 60_000)
    expect((await postDiscount(merchant)).status).toBe(201)
    // The sweep leaves the extended trial alone until its new end.
    await runBillingSweep(t.context, t.app)
    expect((await subscription(merchant.shopId)).state).toBe('trial')
    const shop = await get(t, `shops/${merchant.shopId}`, merchant.token)
    expect(shop.body).toMatchObject({ billingState: 'trial', attributes: { discount: true } })

    const log = await get(t, `operator/actions?shop=${merchant.shopId}`, operator.token)
    expect(log.body).toMatchObject({
      total: 1,
      data: [{ operator: OPERATOR, action: 'extendTrial', shop: merchant.shopId, shopName: 'Lapsed' }]
    })
    const [entry] = (log.body as { data: { details: Body; createdAt: string }[] }).data
    expect(entry.details).toMatchObject({ days: 30, previousState: 'lapsed', trialEnd: new Date(trialEnd).toISOString() })
    expect(new Date(entry.createdAt).getTime()).toBeGreaterThanOrEqual(before)
  })

  it('extends a running trial from its end, not from now', async () => {
    const merchant = await shopOwner(t.url, 'Running')
    const { trialEnd } = await subscription(merchant.shopId)
    expect((await act(t, operator.token, { action: 'extendTrial', shop: merchant.shopId, days: 7 })).status).toBe(201)
    const row = await subscription(merchant.shopId)
    expect(new Date(row.trialEnd).getTime() - new Date(trialEnd).getTime()).toBe(7 * DAY)
  })

  it('grants a plan: active with its features, no renewal, no charge and no invoice', async () => {
    const merchant = await shopOwner(t.url, 'Granted')
    const granted = await act(t, operator.token, { action: 'grantPlan', shop: merchant.shopId, plan: 'basic', months: 6 })
    expect(granted.status).toBe(201)
    const row = await subscription(merchant.shopId)
    expect(row).toMatchObject({ state: 'active', plan: 'basic', autoRenew: false, nextBill: null })
    const start = new Date(row.start)
    const end = new Date(row.end)
    expect(Math.abs(start.getTime() - clock.now().getTime())).toBeLessThan(60_000)
    expect((end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth()).toBe(6)
    const shop = await get(t, `shops/${merchant.shopId}`, merchant.token)
    expect(shop.body).toMatchObject({ billingState: 'active', plan: 'basic', contract: 'basic' })
    // Basic has discounts but not the POS (default-plans.ts).
    expect(shop.body?.attributes).toMatchObject({ discount: true })
    expect((shop.body?.attributes as Body).pos).toBeFalsy()
    expect((await postDiscount(merchant)).status).toBe(201)
    for (const table of ['billingCharges', 'billingInvoices'])
      expect(await t.db.knex(table).where({ shop: merchant.shopId }).first()).toBeUndefined()
    expect(granted.body).toMatchObject({ action: 'grantPlan', details: { plan: 'basic', months: 6, previousState: 'trial' } })
  })

  it('refuses bad input with 400 on the field and changes nothing', async () => {
    const merchant = await shopOwner(t.url, 'Bad input')
    const cases: [Body, string, string][] = [
      [{ action: 'extendTrial', shop: merchant.shopId, days: 0 }, 'days', 'operator.daysRange'],
      [{ action: 'extendTrial', shop: merchant.shopId, days: 366 }, 'days', 'operator.daysRange'],
      [{ action: 'extendTrial', shop: merchant.shopId, days: 1.5 }, 'days', 'operator.daysRange'],
      [{ action: 'extendTrial', shop: merchant.shopId, days: '30' }, 'days', 'operator.daysRange'],
      [{ action: 'grantPlan', shop: merchant.shopId, plan: 'basic', months: 0 }, 'months', 'operator.monthsRange'],
      [{ action: 'grantPlan', shop: merchant.shopId, plan: 'basic', months: 61 }, 'months', 'operator.monthsRange'],
      [{ action: 'grantPlan', shop: merchant.shopId, plan: 'gold', months: 12 }, 'plan', 'operator.unknownPlan'],
      [{ action: 'grantPlan', shop: '0123456789abcdef01234567', plan: 'basic', months: 12 }, 'shop', 'operator.unknownShop'],
      [{ action: 'extendTrial', shop: 'nope', days: 3 }, 'shop', 'operator.unknownShop'],
      [{ action: 'deleteShop', shop: merchant.shopId }, 'action', 'operator.unknownAction'],
      [{ action: 'extendTrial', shop: merchant.shopId, days: 3, state: 'active' }, 'state', 'format.unknownField']
    ]
    for (const [body, field, key] of cases) {
      const answer = await act(t, operator.token, body)
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { data: { field, key } } })
    }
    expect((await subscription(merchant.shopId)).state).toBe('trial')
    expect(await t.db.knex('operatorActions').where({ shop: merchant.shopId }).first()).toBeUndefined()
  })

  it('does not extend a trial after a contract: that shop is granted a plan instead', async () => {
    const merchant = await shopOwner(t.url, 'Contract over')
    expect((await act(t, operator.token, { action: 'grantPlan', shop: merchant.shopId, plan: 'pro', months: 1 })).status).toBe(
      201
    )
    await t.db.knex('shopSubscriptions').where({ shop: merchant.shopId }).update({ state: 'lapsed' })
    const refused = await act(t, operator.token, { action: 'extendTrial', shop: merchant.shopId, days: 5 })
    expect(refused).toMatchObject({ status: 400, body: { data: { field: 'shop', key: 'operator.notInTrial' } } })
    expect((await act(t, operator.token, { action: 'grantPlan', shop: merchant.shopId, plan: 'pro', months: 1 })).status).toBe(
      201
    )
    expect((await subscription(merchant.shopId)).state).toBe('active')
  })

  it('lists the log newest first, a page at a time', async () => {
    const merchant = await shopOwner(t.url, 'Logged')
    for (const days of [1, 2, 3]) await act(t, operator.token, { action: 'extendTrial', shop: merchant.shopId, days })
    const page = await get(t, `operator/actions?shop=${merchant.shopId}&$limit=2`, operator.token)
    expect(page.body).toMatchObject({ total: 3, limit: 2, skip: 0 })
    const days = (page.body as { data: { details: { days: number } }[] }).data.map((entry) => entry.details.days)
    expect(days).toEqual([3, 2])
    const all = await get(t, 'operator/actions', operator.token)
    expect((all.body as { total: number }).total).toBeGreaterThanOrEqual(3)
  })
})
