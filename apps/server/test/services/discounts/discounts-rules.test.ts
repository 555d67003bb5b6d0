import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscountService } from '../../../src/services/discounts/discounts.class'
import { client, setShop } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { connect, call } from '../../support/clients'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Body = Record<string, unknown>
type Api = ReturnType<typeof client>

/** A rule refused with a 4xx names the field and the shared message key (decision 0089), and stores nothing. */
const refusal = (res: { status: number; body?: Body }) => {
  const data = res.body?.data as { key?: string; field?: string } | undefined
  return `${res.status} ${data?.field} ${data?.key}`
}

describe.each(await dialects())('discount rules (%s)', (dialect) => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof shopOwner>>
  let api: Api
  let product: string
  let skuProduct: string
  const rule = (fields: Body = {}): Body => ({
    name: { en: 'Ten off' },
    type: 'percentage',
    status: 'valid',
    avail: 'both',
    percentageDiscount: 10,
    ...fields
  })
  const count = async () => (await t.db.knex('discounts').where({ shop: owner.shopId }).count<{ n: string }[]>('* as n'))[0].n

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Discounts')
    await setShop(t, owner.shopId, { attributes: { discount: true } })
    api = client(t, owner)
    product = await makeProduct(t, owner)
    skuProduct = await makeProduct(t, owner, { skus: [{ id: 'red', name: 'Red' }] })
  })
  afterAll(() => t.close())

  it('asks each type for what it gives, on create, patch and $set alike', async () => {
    const before = await count()
    expect(refusal(await api.create('discounts', rule({ type: 'bundle' })))).toBe('400 quantity discount.quantityRequired')
    expect(refusal(await api.create('discounts', rule({ type: 'bundleFix', quantity: 3 })))).toBe(
      '400 fixedDiscount discount.bundlePriceRequired'
    )
    expect(refusal(await api.create('discounts', rule({ type: 'bundleFree', quantity: 2 })))).toBe(
      '400 freeItems discount.freeItemsRequired'
    )
    expect(refusal(await api.create('discounts', rule({ type: 'fixed' })))).toBe('400 fixedDiscount discount.fixedRequired')
    expect(refusal(await api.create('discounts', rule({ percentageDiscount: 0 })))).toBe(
      '400 percentageDiscount discount.percentageRequired'
    )
    expect(refusal(await api.create('discounts', rule({ type: 'point', point: { max: 3 } })))).toBe(
      '400 point.fixed discount.pointEarnRequired'
    )
    expect(refusal(await api.create('discounts', rule({ type: 'usePoint' })))).toBe(
      '400 usePoint.ratio discount.pointRatioRequired'
    )
    expect(refusal(await api.create('discounts', rule({ type: 'advanced' })))).toBe(
      '400 member.fixedDiscount discount.memberRequired'
    )
    expect(await count()).toBe(before)

    const made = await api.made('discounts', rule())
    expect(refusal(await api.patch(`discounts/${made._id}`, { type: 'fixed' }))).toBe('400 fixedDiscount discount.fixedRequired')
    expect(refusal(await api.patch(`discounts/${made._id}`, { $set: { type: 'bundle', fixedDiscount: 900 } }))).toBe(
      '400 quantity discount.quantityRequired'
    )
    expect(refusal(await api.patch(`discounts/${made._id}`, { percentageDiscount: null }))).toBe(
      '400 percentageDiscount discount.percentageRequired'
    )
    const kept = await api.get(`discounts/${made._id}`)
    expect(kept.body).toMatchObject({ type: 'percentage', percentageDiscount: 10 })
    expect(await api.patch(`discounts/${made._id}`, { $set: { type: 'fixed', fixedDiscount: 500 } })).toMatchObject({
      status: 200,
      body: { type: 'fixed', fixedDiscount: 500 }
    })
  })

  it('refuses a maximum below its minimum, dates that end before they start and empty time windows', async () => {
    expect(refusal(await api.create('discounts', rule({ minPrice: 5000, maxPrice: 4999 })))).toBe(
      '400 maxPrice discount.maxBelowMin'
    )
    expect(refusal(await api.create('discounts', rule({ minQty: 3, maxQty: 2 })))).toBe('400 maxQty discount.maxBelowMin')
    expect(
      refusal(await api.create('discounts', rule({ validFrom: '2026-12-02T00:00:00.000Z', validTo: '2026-12-01T00:00:00.000Z' })))
    ).toBe('400 validTo discount.validToBeforeFrom')
    const made = await api.made('discounts', rule({ timeConditions: { startDay: 1, endDay: 10, startHour: 9, endHour: 0 } }))
    expect(refusal(await api.patch(`discounts/${made._id}`, { timeConditions: { startHour: 9, endHour: 9 } }))).toBe(
      '400 timeConditions.endHour discount.emptyHours'
    )
    expect(refusal(await api.patch(`discounts/${made._id}`, { member: { fixedDiscount: 1, minQty: 4, maxQty: 2 } }))).toBe(
      '400 member.maxQty discount.maxBelowMin'
    )
    // Windows past the month's end or midnight wrap (the engine's reading), they are not errors.
    const wrapped = { startDay: 25, endDay: 5, startHour: 22, endHour: 2, timeRange: ['22:00', '02:00'], weekdays: [5, 6] }
    expect(await api.patch(`discounts/${made._id}`, { timeConditions: wrapped })).toMatchObject({
      status: 200,
      body: { timeConditions: wrapped }
    })
  })

  it('leaves overlimit to the server: a client may not move a rule there, but may keep or leave it', async () => {
    expect(refusal(await api.create('discounts', rule({ status: 'overlimit' })))).toBe('400 status discount.overlimitServer')
    const made = await api.made('discounts', rule())
    expect(refusal(await api.patch(`discounts/${made._id}`, { $set: { status: 'overlimit' } }))).toBe(
      '400 status discount.overlimitServer'
    )
    // What the server does when a limit is reached (a direct write in its own transaction).
    await t.db.knex('discounts').where({ _id: made._id }).update({ status: 'overlimit' })
    expect((await api.patch(`discounts/${made._id}`, { priority: 5 })).status).toBe(200)
    expect(await api.patch(`discounts/${made._id}`, { status: 'valid' })).toMatchObject({
      status: 200,
      body: { status: 'valid' }
    })
  })

  it('keeps coupon codes unique in the shop whatever their case, and lets another shop reuse one', async () => {
    await api.made('discounts', rule({ couponCode: 'SPRING10' }))
    expect(refusal(await api.create('discounts', rule({ couponCode: 'spring10' })))).toBe(
      '409 couponCode discount.couponCodeTaken'
    )
    const other = await api.made('discounts', rule({ couponCode: 'SUMMER' }))
    expect(refusal(await api.patch(`discounts/${other._id}`, { $set: { couponCode: 'Spring10' } }))).toBe(
      '409 couponCode discount.couponCodeTaken'
    )
    // A batch naming one code twice is refused whole.
    const before = await count()
    expect(refusal(await api.create('discounts', [rule({ couponCode: 'AUTUMN' }), rule({ couponCode: 'autumn' })]))).toBe(
      '409 couponCode discount.couponCodeTaken'
    )
    expect(await count()).toBe(before)
    const elsewhere = await shopOwner(t.url, 'Elsewhere')
    await setShop(t, elsewhere.shopId, { attributes: { discount: true } })
    expect((await client(t, elsewhere).create('discounts', rule({ couponCode: 'SPRING10' }))).status).toBe(201)
  })

  it('takes one code once when many writers ask for it at once', async () => {
    // In-process calls: no HTTP in between, so the writes truly overlap on PostgreSQL's pool.
    const service = t.app.service('discounts') as unknown as DiscountService
    for (let round = 0; round < 3; round++) {
      const code = `RUSH${round}`
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => service.create(rule({ couponCode: code }), { shop: owner.shopId }))
      )
      const codes = results.map((result) =>
        result.status === 'fulfilled' ? 201 : ((result.reason as { code?: number }).code ?? String(result.reason))
      )
      expect(codes.sort()).toEqual([201, ...Array<number>(9).fill(409)])
      const stored = await t.db.knex('discounts').where({ shop: owner.shopId, couponCode: code }).count<{ n: string }[]>('* as n')
      expect(Number(stored[0].n)).toBe(1)
    }
  })

  it("names only the shop's own goods, ranks and point types, through plain writes, $push and batches", async () => {
    const elsewhere = await shopOwner(t.url, 'Foreign goods')
    await setShop(t, elsewhere.shopId, { attributes: { discount: true } })
    const foreign = await makeProduct(t, elsewhere)
    expect(refusal(await api.create('discounts', rule({ filters: { products: [product, foreign] } })))).toBe(
      '400 filters.products.1 discount.notOfShop'
    )
    expect(refusal(await api.create('discounts', rule({ efilter: { categories: [foreign] } })))).toBe(
      '400 efilter.categories.0 discount.notOfShop'
    )
    expect(refusal(await api.create('discounts', rule({ rankConditions: [foreign] })))).toBe(
      '400 rankConditions.0 discount.notOfShop'
    )
    expect(
      refusal(
        await api.create(
          'discounts',
          rule({ type: 'bundleFree', quantity: 2, freeItems: [{ product: skuProduct, sku: 'blue', quantity: 1 }] })
        )
      )
    ).toBe('400 freeItems.0.sku discount.notOfShop')
    const before = await count()
    expect(refusal(await api.create('discounts', [rule({ filters: { products: [product] } }), rule({ product: foreign })]))).toBe(
      '400 product discount.notOfShop'
    )
    expect(await count()).toBe(before)

    const made = await api.made(
      'discounts',
      rule({
        type: 'bundleFree',
        quantity: 2,
        freeItems: [{ product: skuProduct, sku: 'red', quantity: 1 }],
        filters: { products: [product] }
      })
    )
    expect(refusal(await api.patch(`discounts/${made._id}`, { $push: { freeItems: { product: foreign, quantity: 1 } } }))).toBe(
      '400 freeItems.1.product discount.notOfShop'
    )
    expect(refusal(await api.patch(`discounts/${made._id}`, { $set: { rankConditions: [foreign] } }))).toBe(
      '400 rankConditions.0 discount.notOfShop'
    )
    // $pull of the last free item leaves a gift rule with nothing to give.
    expect(refusal(await api.patch(`discounts/${made._id}`, { $pull: { freeItems: { product: skuProduct } } }))).toBe(
      '400 freeItems discount.freeItemsRequired'
    )
    expect((await api.get(`discounts/${made._id}`)).body).toMatchObject({ freeItems: [{ product: skuProduct, sku: 'red' }] })
    const pushed = await api.patch(`discounts/${made._id}`, { $push: { freeItems: { product, quantity: 2 } } })
    expect(pushed).toMatchObject({ status: 200, body: { freeItems: [{ product: skuProduct }, { product, quantity: 2 }] } })
  })

  it('refuses to remove a rule that coupon templates still name (409), and removes it once they are gone', async () => {
    const made = await api.made('discounts', rule())
    const template = await api.made('couponTemplates', { name: { en: 'Welcome' }, discount: made._id })
    expect(refusal(await api.remove(`discounts/${made._id}`))).toBe('409 discount discount.inUse')
    expect((await api.get(`discounts/${made._id}`)).status).toBe(200)
    expect((await api.remove(`couponTemplates/${template._id}`)).status).toBe(200)
    expect((await api.remove(`discounts/${made._id}`)).status).toBe(200)
  })

  it('checks a batch create over the socket like one over REST', async () => {
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      const before = await count()
      const refused = await call(socket, 'create', 'discounts', [rule(), rule({ type: 'fixed' })], { shop: owner.shopId }).catch(
        (error: { code: number; data?: { key?: string } }) => `${error.code} ${error.data?.key}`
      )
      expect(refused).toBe('400 discount.fixedRequired')
      expect(await count()).toBe(before)
      const made = (await call(socket, 'create', 'discounts', [rule(), rule({ type: 'fixed', fixedDiscount: 250 })], {
        shop: owner.shopId
      })) as Body[]
      expect(made.map((row) => row.type)).toEqual(['percentage', 'fixed'])
    } finally {
      socket.close()
    }
  })
})
