import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isBotAgent } from '@emporia/shared'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { get } from './storefront-support'
import { BROWSER, reviewShop } from './reviews-support'

type Shop = Awaited<ReturnType<typeof reviewShop>>
type Row = Record<string, unknown>

/**
 * Storefront visits (decision 0194): counted per shop, day, referrer host, landing path and campaign
 * by an upsert, bots and steps inside the shop skipped, nothing about the visitor stored.
 */
describe.each(await dialects())('storefront visits (%s)', (dialect) => {
  let t: TestApp
  let a: Shop
  let b: Shop

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { trustProxy: { hops: 1 } } })
    a = await reviewShop(t, 'Visit House')
    b = await reviewShop(t, 'Quiet House')
  })
  afterAll(() => t.close())

  it('counts visits per referrer, landing and campaign, skipping bots and steps inside the shop', async () => {
    const visit = (path: string, headers: Record<string, string> = {}) =>
      get(t.url, `${a.base}${path}`, { 'User-Agent': BROWSER, 'X-Forwarded-For': '198.51.100.7', ...headers })
    const campaign = '/?utm_source=news&utm_medium=email&utm_campaign=spring'
    const fromSearch = { Referer: 'https://www.google.com/search?q=someone%40example.com' }
    for (let i = 0; i < 3; i++) expect((await visit(campaign, fromSearch)).status).toBe(200)
    expect((await visit(`/products/${a.tea}`)).status).toBe(200)
    // Bots, and a click from one of the shop's pages to another, are no visits.
    await visit('/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    await visit('/', { 'User-Agent': '' })
    const host = new URL(t.url).host
    await visit(`/products/${a.tea}`, { Referer: `http://${host}${a.base}/` })
    // A page that is not there is no visit either.
    expect((await visit('/no-such-page')).status).toBe(404)
    await t.storefront.visits!.flush()

    const rows = (await t.db.knex('storeVisits').where({ shop: a.owner.shopId }).orderBy('count', 'desc')) as Row[]
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      referrer: 'www.google.com',
      landing: '/',
      utmSource: 'news',
      utmMedium: 'email',
      utmCampaign: 'spring',
      count: 3,
      day: new Date().toISOString().slice(0, 10)
    })
    expect(rows[1]).toMatchObject({ referrer: '', landing: `/products/${a.tea}`, utmSource: '', count: 1 })

    // More of the same adds to the day's row (an upsert), never a second row.
    await visit(campaign, fromSearch)
    await t.storefront.visits!.flush()
    const again = (await t.db.knex('storeVisits').where({ shop: a.owner.shopId, referrer: 'www.google.com' })) as Row[]
    expect(again).toHaveLength(1)
    expect(Number(again[0].count)).toBe(4)
  })

  it('stores no address, cookie, user agent or referrer path', async () => {
    const columns = Object.keys(await t.db.knex('storeVisits').columnInfo()).sort()
    expect(columns).toEqual(
      [
        '_id',
        'count',
        'createdAt',
        'day',
        'landing',
        'referrer',
        'shop',
        'updatedAt',
        'utmCampaign',
        'utmMedium',
        'utmSource'
      ].sort()
    )
    const stored = JSON.stringify(await t.db.knex('storeVisits'))
    for (const personal of ['198.51.100.7', '127.0.0.1', 'Safari', 'someone', 'search?q']) expect(stored).not.toContain(personal)
    expect(isBotAgent(BROWSER)).toBe(false)
  })

  it('reports a shop its own visits only, per day and by source, through the storeVisits service', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const mine = await a.api.get('storeVisits', `&from=${today}&to=${today}`)
    expect(mine).toMatchObject({
      status: 200,
      body: {
        shop: a.owner.shopId,
        total: 5,
        days: [{ day: today, visits: 5 }],
        referrers: [
          { referrer: 'www.google.com', visits: 4 },
          { referrer: '', visits: 1 }
        ],
        campaigns: [{ source: 'news', medium: 'email', campaign: 'spring', visits: 4 }]
      }
    })
    const theirs = await b.api.get('storeVisits')
    expect(theirs.body).toMatchObject({ shop: b.owner.shopId, total: 0, days: [], referrers: [] })
    // Bad ranges name their field; the service is read only (the storefront writes).
    expect((await a.api.get('storeVisits', '&from=2026-13-01')).body).toMatchObject({ data: { field: 'from' } })
    expect((await a.api.get('storeVisits', '&from=2020-01-01&to=2026-01-01')).status).toBe(400)
    expect((await a.api.get('storeVisits', '&ip=1')).status).toBe(400)
    expect((await a.api.create('storeVisits', { referrer: 'fake.example' })).status).toBe(405)
  })
})
