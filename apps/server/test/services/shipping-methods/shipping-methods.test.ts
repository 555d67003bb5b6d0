import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippingMethodSchema, shippingPrice, type ShippingMethod } from '@emporia/shared'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { recordServiceContract } from '../../support/record-contract'
import { startTestApp, type TestApp } from '../../support/test-app'

// What every shop-scoped record service does; the sample gets a name with text (the method's own rule).
await recordServiceContract('shippingMethods', shippingMethodSchema, undefined, (sample) => ({ ...sample, name: 'Courier' }))

describe.each(await dialects())('shipping methods: named, ranged, ordered (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Shipping')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  const refused = (field: string, key: string) => ({ status: 400, body: { errors: [{ field, key }] } })
  const courier = (priceRanges: unknown[] = []) => ({
    name: { en: 'Courier', cht: '速遞' },
    price: 4000,
    priceRanges,
    enabled: true
  })

  it('needs a name with some text, in any language', async () => {
    expect(await api.create('shippingMethods', { ...courier(), name: '  ' })).toMatchObject(refused('name', 'format.required'))
    expect(await api.create('shippingMethods', { ...courier(), name: { en: '', cht: '' } })).toMatchObject(
      refused('name', 'format.required')
    )
    const { name: _name, ...nameless } = courier()
    expect(await api.create('shippingMethods', nameless)).toMatchObject(refused('name', 'format.required'))
    const made = await api.made('shippingMethods', { ...courier(), name: { cht: '自取' } })
    expect(await api.patch(`shippingMethods/${made._id}`, { name: { en: ' ' } })).toMatchObject(
      refused('name', 'format.required')
    )
    expect(await api.patch(`shippingMethods/${made._id}`, { $set: { name: '' } })).toMatchObject(
      refused('name', 'format.required')
    )
    expect((await api.get(`shippingMethods/${made._id}`)).body).toMatchObject({ name: { cht: '自取' } })
  })

  it('keeps prices in whole cents, never negative', async () => {
    expect(await api.create('shippingMethods', { ...courier(), price: 12.5 })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'price', key: 'format.integer' }] }
    })
    expect(await api.create('shippingMethods', { ...courier(), price: -1 })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'price', key: 'format.shouldGreaterOrEqual' }] }
    })
    expect(await api.create('shippingMethods', courier([{ min: 0, max: 100, price: 1.5 }]))).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'priceRanges.0.price', key: 'format.integer' }] }
    })
  })

  it('refuses a range that ends where it starts, or overlaps another, by every way of writing', async () => {
    expect(await api.create('shippingMethods', courier([{ min: 50_000, max: 20_000, price: 0 }]))).toMatchObject(
      refused('priceRanges.0.max', 'shipping.rangeMaxAboveMin')
    )
    const overlapping = [
      { min: 0, max: 50_000, price: 3000 },
      { min: 30_000, price: 0 }
    ]
    expect(await api.create('shippingMethods', courier(overlapping))).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'priceRanges.1.min', key: 'shipping.rangeOverlap', values: { other: 1 } }] }
    })
    const made = await api.made('shippingMethods', courier([{ min: 0, max: 50_000, price: 3000 }]))
    expect(await api.patch(`shippingMethods/${made._id}`, { priceRanges: overlapping })).toMatchObject(
      refused('priceRanges.1.min', 'shipping.rangeOverlap')
    )
    expect(await api.patch(`shippingMethods/${made._id}`, { $push: { priceRanges: { min: 49_999, price: 0 } } })).toMatchObject(
      refused('priceRanges.1.min', 'shipping.rangeOverlap')
    )
    expect(
      await api.patch(`shippingMethods/${made._id}`, { $set: { priceRanges: [{ min: 100, max: 0, price: 0 }] } })
    ).toMatchObject(refused('priceRanges.0.max', 'shipping.rangeMaxAboveMin'))
    expect(await api.update(`shippingMethods/${made._id}`, courier(overlapping))).toMatchObject(
      refused('priceRanges.1.min', 'shipping.rangeOverlap')
    )
    // Nothing of the refused writes stayed.
    expect((await api.get(`shippingMethods/${made._id}`)).body).toMatchObject({
      priceRanges: [{ min: 0, max: 50_000, price: 3000 }]
    })
    // Ranges that touch are fine: free shipping from HK$500.
    const pushed = await api.patch(`shippingMethods/${made._id}`, { $push: { priceRanges: { min: 50_000, price: 0 } } })
    expect(pushed).toMatchObject({ status: 200 })
    const method = pushed.body as unknown as ShippingMethod
    expect([shippingPrice(method, 10_000), shippingPrice(method, 50_000)]).toEqual([3000, 0])
  })

  it('refuses the same over a socket and in a batch create, storing nothing', async () => {
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      await expect(
        call(socket, 'create', 'shippingMethods', courier([{ min: 10, max: 5, price: 0 }]), { shop: owner.shopId })
      ).rejects.toMatchObject({ code: 400, errors: [{ field: 'priceRanges.0.max', key: 'shipping.rangeMaxAboveMin' }] })
    } finally {
      socket.close()
    }
    const before = (await api.get('shippingMethods', '&$limit=0')).body?.total
    const batch = await api.create('shippingMethods', [
      { ...courier(), name: 'Batch ok' },
      { ...courier(), name: '' }
    ])
    expect(batch.status).toBe(400)
    expect((await api.get('shippingMethods', '&$limit=0')).body?.total).toBe(before)
  })

  it('lists in the order the checkout shows them, unordered ones last; only admins change them', async () => {
    const other = await shopOwner(t.url, 'Ordered')
    const mine = client(t, other)
    for (const [name, order] of [
      ['Third', 30],
      ['None', undefined],
      ['First', 10],
      ['Second', 20]
    ] as const)
      await mine.made('shippingMethods', { ...courier(), name, ...(order === undefined ? {} : { order }) })
    const listed = (await mine.get('shippingMethods')).body?.data as { name: string }[]
    expect(listed.map((method) => method.name)).toEqual(['First', 'Second', 'Third', 'None'])
    const byName = (await mine.get('shippingMethods', '&$sort[name]=-1')).body?.data as { name: string }[]
    expect(byName.map((method) => method.name)).toEqual(['Third', 'Second', 'None', 'First'])
    const cashier = await memberOf(t, other, 'pos')
    const pos = client(t, { token: cashier.token, shopId: other.shopId })
    expect((await pos.create('shippingMethods', courier())).status).toBe(403)
  })
})
