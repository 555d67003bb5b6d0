import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUPON_CODE_PATTERN } from '@emporia/shared'
import { issueCoupons, presentCoupons, releaseCoupons, useCoupons } from '../../../src/domains/coupons'
import { newObjectId } from '../../../src/platform/http/object-id'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { count, couponShop, inShop, outcomes, refusal, type Body } from '../../support/coupon-api'

const DAY = 86_400_000
type Shop = Awaited<ReturnType<typeof couponShop>>

/** Coupons (decision 0090): issue, generate, present, use once, release; limits exact under concurrency. */
describe.each(await dialects())('coupons (%s)', (dialect) => {
  let t: TestApp
  let s: Shop
  beforeAll(async () => {
    t = await startTestApp(dialect, { poolMax: 50 })
    s = await couponShop(t)
  })
  afterAll(() => t.close())

  const shop = () => s.owner.shopId
  const issue = async (template: string, user?: string) => {
    const res = await s.api.create('coupons', user ? { template, user } : { template })
    if (res.status !== 201) throw new Error(`issue answered ${res.status}: ${JSON.stringify(res.body)}`)
    return res.body as Body & { _id: string; code: string }
  }
  const generate = (template: string, n: number, user?: string) =>
    s.api.create('coupons/generate', { template, count: n, ...(user ? { user } : {}) })
  const picked = async (template: string) =>
    ((await s.api.get(`couponTemplates/${template}`)).body as { totalPicked?: number }).totalPicked ?? 0
  const rows = (template: string) => t.db.knex('coupons').where({ template })
  const use = (codes: string[], customer: string | null = null, order = newObjectId(), now = new Date().toISOString()) =>
    inShop(t, shop(), (trx) => useCoupons(trx, shop(), codes, { order, customer, now }))

  it('issues a coupon with a code of the unambiguous alphabet, its dates from the template, and counts it', async () => {
    const until = new Date(Date.now() + 30 * DAY).toISOString()
    const template = await s.template({ validIn: 1, expiresIn: 7, validUntil: until })
    const ann = await s.customer()
    const before = Date.now()
    const coupon = await issue(template, ann)
    expect(coupon).toMatchObject({ shop: shop(), template, user: ann, status: 'valid' })
    expect(coupon.code).toMatch(new RegExp(COUPON_CODE_PATTERN))
    const from = Date.parse(coupon.validFrom as string)
    expect(from - before).toBeGreaterThanOrEqual(DAY - 1000)
    expect(Date.parse(coupon.expiresAt as string) - from).toBe(7 * DAY)
    expect(await picked(template)).toBe(1)
    // A client cannot choose the code or the status, nor edit a coupon.
    const chosen = await s.api.create('coupons', { template, code: 'AAAAAAAAAA', status: 'used' })
    expect(chosen.status).toBe(201)
    expect(chosen.body).toMatchObject({ status: 'valid' })
    expect(chosen.body?.code).not.toBe('AAAAAAAAAA')
    expect((await s.api.patch(`coupons/${coupon._id}`, { status: 'used' })).status).toBe(405)
  })

  it('caps expiry at the template validUntil and refuses to issue once it has passed', async () => {
    const until = new Date(Date.now() + 2 * DAY).toISOString()
    const capped = await issue(await s.template({ expiresIn: 30, validUntil: until }))
    expect(capped.expiresAt).toBe(until)
    const closed = await s.template({ validUntil: new Date(Date.now() - DAY).toISOString() })
    const res = await generate(closed, 1)
    expect(`${res.status} ${(res.body?.data as Body)?.key}`).toBe('400 coupon.expired')
  })

  it('generates N at once, all or none within limitTotal, and refuses an unknown template on its field', async () => {
    const template = await s.template({ limitTotal: 12 })
    const first = await generate(template, 10)
    expect(first.status).toBe(201)
    const codes = first.body?.codes as string[]
    expect(new Set(codes).size).toBe(10)
    expect(first.body?.totalPicked).toBe(10)
    const over = await generate(template, 3)
    expect(over.status).toBe(409)
    expect(over.body?.data).toMatchObject({ key: 'coupon.limitTotal', field: 'count', values: { limit: 12 } })
    expect(await rows(template).count({ n: '*' })).toEqual([{ n: expect.anything() }])
    expect(Number((await rows(template).count({ n: '*' }))[0].n)).toBe(10)
    expect(await picked(template)).toBe(10)
    const unknown = await generate(newObjectId(), 1)
    expect(unknown.status).toBe(400)
    expect(unknown.body?.data).toMatchObject({ key: 'coupon.notValid', field: 'template' })
    const tooMany = await generate(template, 501)
    expect(tooMany.status).toBe(400)
  })

  // In process, each pick its own transaction of the shop: 500 at once, without 500 HTTP requests'
  // sign-in and hooks in the way (the HTTP path is the next test's).
  const pick = (template: string, user: string | null = null) =>
    inShop(t, shop(), (trx) => issueCoupons(trx, shop(), { template, count: 1, user, now: new Date().toISOString() }))

  it(
    'issues exactly limitTotal of 500 concurrent picks, and exactly limitPerUser to one customer',
    { timeout: 120_000 },
    async () => {
      const total = await s.template({ limitTotal: 100 })
      const results = await outcomes(Array.from({ length: 500 }, () => pick(total)))
      expect(count(results, 'ok')).toBe(100)
      expect(count(results, '409 coupon.limitTotal count')).toBe(400)
      expect(Number((await rows(total).count({ n: '*' }))[0].n)).toBe(100)
      expect(await picked(total)).toBe(100)

      const perUser = await s.template({ limitPerUser: 3 })
      const bob = await s.customer('Bob')
      const mine = await outcomes(Array.from({ length: 500 }, () => pick(perUser, bob)))
      expect(count(mine, 'ok')).toBe(3)
      expect(count(mine, '409 coupon.limitPerUser user')).toBe(497)
      expect(await picked(perUser)).toBe(3)
    }
  )

  it('keeps the limits over HTTP too: 50 concurrent issues of a template limited to 10', { timeout: 120_000 }, async () => {
    const template = await s.template({ limitTotal: 10 })
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.api.create('coupons', { template })))
    const keys = answers.map((res) => `${res.status} ${String((res.body?.data as Body | undefined)?.key ?? '')}`)
    expect(count(keys, '201 ')).toBe(10)
    expect(count(keys, '409 coupon.limitTotal')).toBe(40)
    expect(await picked(template)).toBe(10)
  })

  it('presents coupons with their discount and status; an unknown code or another customer’s is not valid', async () => {
    const template = await s.template({ expiresIn: 1 })
    const ann = await s.customer()
    const coupon = await issue(template, ann)
    const now = new Date().toISOString()
    const [presented] = await inShop(t, shop(), (trx) => presentCoupons(trx, shop(), [coupon.code.toLowerCase()], ann, now))
    expect(presented).toMatchObject({ code: coupon.code, discount: s.discount, status: 'valid', expiresAt: coupon.expiresAt })
    const later = new Date(Date.now() + 2 * DAY).toISOString()
    const [expired] = await inShop(t, shop(), (trx) => presentCoupons(trx, shop(), [coupon.code], ann, later))
    expect(expired.status).toBe('expired')
    for (const [codes, customer] of [
      [['ZZZZZZZZZZ'], ann],
      [[coupon.code], await s.customer('Eve')],
      [[coupon.code], null]
    ] as const) {
      const error = await inShop(t, shop(), (trx) => presentCoupons(trx, shop(), [...codes], customer, now)).catch(
        (e: unknown) => e
      )
      expect(refusal(error)).toBe('400 coupon.notValid coupons')
    }
  })

  it('uses a coupon exactly once under 500 concurrent orders, and a refund gives it back', { timeout: 120_000 }, async () => {
    const template = await s.template()
    const { code } = await issue(template)
    const results = await outcomes(Array.from({ length: 500 }, () => use([code])))
    expect(count(results, 'ok')).toBe(1)
    expect(count(results, '409 coupon.used coupons')).toBe(499)
    const used = await t.db.knex('coupons').where({ code }).first()
    expect(used).toMatchObject({ status: 'used' })
    await inShop(t, shop(), (trx) => releaseCoupons(trx, shop(), used.order))
    expect(await t.db.knex('coupons').where({ code }).first()).toMatchObject({ status: 'valid', order: null, usedAt: null })
    expect(await outcomes([use([code])])).toEqual(['ok'])
  })

  it('refuses an expired or not yet valid coupon, and a released coupon past its time comes back expired', async () => {
    const soon = await issue(await s.template({ expiresIn: 1 }))
    const later = new Date(Date.now() + 2 * DAY).toISOString()
    expect(await outcomes([use([soon.code], null, newObjectId(), later)])).toEqual(['400 coupon.expired coupons'])
    const waiting = await issue(await s.template({ validIn: 3 }))
    expect(await outcomes([use([waiting.code])])).toEqual(['400 coupon.notValid coupons'])
    // Used now, released after its expiry (the row's date moved back to stand for time passing).
    const order = newObjectId()
    expect(await outcomes([use([soon.code], null, order)])).toEqual(['ok'])
    await t.db
      .knex('coupons')
      .where({ code: soon.code })
      .update({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    await inShop(t, shop(), (trx) => releaseCoupons(trx, shop(), order))
    expect(await t.db.knex('coupons').where({ code: soon.code }).first()).toMatchObject({ status: 'expired' })
  })

  it(
    'lets one customer use at most limitPerUser handed-out coupons of a template, under 500 concurrent orders',
    { timeout: 120_000 },
    async () => {
      const template = await s.template({ limitPerUser: 3 })
      const res = await generate(template, 500)
      expect(res.status).toBe(201)
      const ann = await s.customer()
      const results = await outcomes((res.body?.codes as string[]).map((code) => use([code], ann)))
      expect(count(results, 'ok')).toBe(3)
      expect(count(results, '409 coupon.limitPerUser coupons')).toBe(497)
      expect(Number((await rows(template).where({ user: ann, status: 'used' }).count({ n: '*' }))[0].n)).toBe(3)
    }
  )

  it('keeps each shop to its own coupons', async () => {
    const other = await couponShop(t, 'Other')
    const { code } = await issue(await s.template())
    const error = await inShop(t, other.owner.shopId, (trx) =>
      presentCoupons(trx, other.owner.shopId, [code], null, new Date().toISOString())
    ).catch((e: unknown) => e)
    expect(refusal(error)).toBe('400 coupon.notValid coupons')
    const res = await other.api.create('coupons', { template: await s.template() })
    expect(res.status).toBe(400)
    expect(res.body?.data).toMatchObject({ key: 'coupon.notValid', field: 'template' })
  })
})
