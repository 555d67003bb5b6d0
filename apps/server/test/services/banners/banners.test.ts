import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bannerSchema } from '@emporia/shared'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { recordServiceContract } from '../../support/record-contract'
import { startTestApp, type TestApp } from '../../support/test-app'

// What every shop-scoped record service does; tests of banners' own rules go below.
await recordServiceContract('banners', bannerSchema)

describe.each(await dialects())('banners: showable, ordered, staff-edited (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Banners')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  const image = { type: 'src', src: 'https://example.com/sale.jpg' }
  const refused = (field: string, key: string) => ({ status: 400, body: { data: { key, field } } })

  it('publishes only a banner with an image or a media, by every way of writing', async () => {
    expect(await api.create('banners', { name: 'Sale', type: 'website', status: 'published' })).toMatchObject(
      refused('image', 'banner.needsPicture')
    )
    const draft = await api.made('banners', { name: 'Sale', type: 'website', status: 'draft' })
    expect(await api.patch(`banners/${draft._id}`, { status: 'published' })).toMatchObject(
      refused('image', 'banner.needsPicture')
    )
    expect(await api.patch(`banners/${draft._id}`, { $set: { status: 'published' } })).toMatchObject(
      refused('image', 'banner.needsPicture')
    )
    expect((await api.get(`banners/${draft._id}`)).body).toMatchObject({ status: 'draft' })
    expect(await api.patch(`banners/${draft._id}`, { status: 'published', image })).toMatchObject({
      status: 200,
      body: { status: 'published', image }
    })
    const video = { type: 'link', link: 'https://youtu.be/abc', linkInfo: { type: 'youtube', id: 'abc' } }
    expect((await api.create('banners', { name: 'Clip', type: 'app', status: 'published', media: video })).status).toBe(201)
    // Taking the picture away from a published banner is the same broken rule.
    expect(await api.patch(`banners/${draft._id}`, { image: null })).toMatchObject(refused('image', 'banner.needsPicture'))
  })

  it('stops showing after it starts', async () => {
    const base = { name: 'Week', type: 'website', status: 'draft' }
    expect(
      await api.create('banners', { ...base, publish: '2026-12-01T00:00:00.000Z', expiry: '2026-11-30T00:00:00.000Z' })
    ).toMatchObject(refused('expiry', 'banner.expiryAfterPublish'))
    const week = await api.made('banners', { ...base, publish: '2026-12-01T00:00:00.000Z', expiry: '2026-12-08T00:00:00.000Z' })
    expect(await api.patch(`banners/${week._id}`, { publish: '2026-12-09T00:00:00.000Z' })).toMatchObject(
      refused('expiry', 'banner.expiryAfterPublish')
    )
    // Without an expiry it shows for ever (an empty field is not answered).
    const open = await api.patch(`banners/${week._id}`, { expiry: null })
    expect(open.status).toBe(200)
    expect(open.body?.expiry ?? null).toBeNull()
  })

  it('refuses a type, status or order outside its choices, never rounding', async () => {
    expect((await api.create('banners', { name: 'X', type: 'billboard', status: 'draft' })).status).toBe(400)
    expect((await api.create('banners', { name: 'X', type: 'app', status: 'live' })).status).toBe(400)
    expect((await api.create('banners', { name: 'X', type: 'app', status: 'draft', order: 2.5 })).status).toBe(400)
  })

  it('lists by type and order; the POS reads them, only staff change them', async () => {
    for (const [order, type] of [
      [3, 'app'],
      [1, 'app'],
      [2, 'website']
    ] as const)
      await api.made('banners', { name: `Ordered ${order}`, type, status: 'draft', order })
    const apps = await api.get('banners', '&type=app&order[$gte]=1&$sort[order]=1')
    expect((apps.body?.data as { order: number }[]).map((banner) => banner.order)).toEqual([1, 3])
    const cashier = await memberOf(t, owner, 'pos')
    const pos = client(t, { token: cashier.token, shopId: owner.shopId })
    expect((await pos.get('banners')).status).toBe(200)
    expect((await pos.create('banners', { name: 'Mine', type: 'app', status: 'draft' })).status).toBe(403)
  })
})
