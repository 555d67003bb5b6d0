import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plan } from '@emporia/shared'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const OPERATOR = 'ops@example.com'

const newPlan = (code: string) => ({
  code,
  name: { en: 'Starter', cht: '入門', chs: '入门' },
  priceMonthly: 9_900,
  periodMonths: 12,
  freeMonths: 0,
  features: ['discount'],
  limits: { staffSeats: 1, subShops: 0, products: 50, monthlyDiscount: null, orderDiscount: null, orderDiscountPer: null },
  offer: { en: '', cht: '', chs: '' },
  rank: 5,
  active: true
})

describe.each(await dialects())('plans (%s)', (dialect) => {
  let t: TestApp
  let merchant: string
  let operator: string

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { operatorEmails: [OPERATOR] } })
    merchant = (await shopOwner(t.url, 'Merchant')).token
    await register(t.url, { email: OPERATOR })
    operator = (await login(t.url, OPERATOR, 'secret-123')).body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, OPERATOR, operator)
  })
  afterAll(() => t.close())

  const api = (path: string, method: string, token: string, body?: unknown) =>
    json(`${t.url}/api/${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) })

  it('answers the seeded plans on offer, cheapest first, to anyone signed in; nobody else', async () => {
    const list = await api('plans', 'GET', merchant)
    expect(list.status).toBe(200)
    const plans = list.body as unknown as Plan[]
    expect(plans.map((plan) => [plan.code, plan.priceMonthly, plan.periodMonths, plan.freeMonths])).toEqual([
      ['basic', 19_800, 12, 0],
      ['pro', 39_800, 12, 12],
      ['business', 79_800, 12, 0]
    ])
    expect(plans[1].offer).toEqual({ en: 'Free for 1 year', cht: '首年免費', chs: '首年免费' })
    expect(plans[2].limits.staffSeats).toBeNull()
    expect((await json(`${t.url}/api/plans`)).status).toBe(401)
  })

  it('lets only an operator create and change plans, and logs every change', async () => {
    expect(await post(t.url, 'plans', newPlan('starter'), merchant)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notOperator' } }
    })
    const created = await post(t.url, 'plans', newPlan('starter'), operator)
    expect(created.status).toBe(201)
    const id = (created.body as { _id: string })._id
    expect(await post(t.url, 'plans', newPlan('starter'), operator)).toMatchObject({
      status: 409,
      body: { data: { key: 'billing.plan.codeTaken', field: 'code' } }
    })
    expect((await api(`plans/${id}`, 'PATCH', merchant, { priceMonthly: 1 })).status).toBe(403)
    const patched = await api(`plans/${id}`, 'PATCH', operator, { priceMonthly: 12_900, active: false })
    expect(patched).toMatchObject({ status: 200, body: { code: 'starter', priceMonthly: 12_900, active: false } })
    // Retired: off the list merchants read, still on the operator's full list; never removed.
    expect(((await api('plans', 'GET', merchant)).body as unknown as Plan[]).map((plan) => plan.code)).not.toContain('starter')
    expect(((await api('plans?all=true', 'GET', merchant)).body as unknown as Plan[]).map((plan) => plan.code)).not.toContain(
      'starter'
    )
    expect(((await api('plans?all=true', 'GET', operator)).body as unknown as Plan[]).map((plan) => plan.code)).toContain(
      'starter'
    )
    expect((await api(`plans/${id}`, 'DELETE', operator)).status).toBe(405)
    const log = (await t.db.knex('operatorActions').where({ operator: OPERATOR }).orderBy('createdAt').orderBy('_id')) as {
      action: string
      shop: string | null
      details: Record<string, unknown>
    }[]
    expect(log.map((entry) => [entry.action, entry.shop])).toEqual([
      ['createPlan', null],
      ['patchPlan', null]
    ])
    expect(log[1].details).toEqual({ code: 'starter', priceMonthly: 12_900, active: false })
  })

  it('refuses a plan whose numbers do not fit, on the field', async () => {
    const field = async (body: unknown, path = 'plans', method = 'POST') => {
      const answer = await api(path, method, operator, body)
      expect(answer.status).toBe(400)
      return (answer.body?.errors as { field: string; key: string }[])[0]
    }
    expect(await field({ ...newPlan('long-free'), freeMonths: 13 })).toMatchObject({
      field: 'freeMonths',
      key: 'billing.plan.freeLongerThanPeriod'
    })
    expect(await field({ ...newPlan('negative'), priceMonthly: -1 })).toMatchObject({ field: 'priceMonthly' })
    expect(await field({ ...newPlan('unknown'), features: ['discount', 'teleport'] })).toMatchObject({
      field: 'features',
      key: 'billing.plan.unknownFeature'
    })
    expect(await field({ ...newPlan('Bad Code') })).toMatchObject({ field: 'code' })
    // A patch is checked against the whole plan it makes: 12 free months on a 6-month period is refused.
    const pro = ((await api('plans', 'GET', operator)).body as unknown as Plan[]).find((plan) => plan.code === 'pro')!
    expect(await field({ periodMonths: 6 }, `plans/${pro._id}`, 'PATCH')).toMatchObject({ field: 'freeMonths' })
    expect(await field({ code: 'premium' }, `plans/${pro._id}`, 'PATCH')).toMatchObject({
      field: 'code',
      key: 'billing.plan.codeImmutable'
    })
    expect(await field({ $set: { priceMonthly: 1 } }, `plans/${pro._id}`, 'PATCH')).toMatchObject({ key: 'format.unknownField' })
    expect(await t.db.knex('plans').whereIn('code', ['long-free', 'negative', 'unknown']).first()).toBeUndefined()
    expect(await t.db.knex('plans').where({ code: 'pro' }).first('periodMonths')).toEqual({ periodMonths: 12 })
  })
})
