import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_COMPONENT_SOURCES,
  MAX_FETCH_LIMIT,
  MAX_PAGE_PRODUCTS,
  MAX_PAGE_SOURCES,
  type PageNode,
  type SiteSnapshot
} from '@emporia/shared'
import { RENDER_BUDGET } from '../../../src/domains/storefront/render-budget'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, placed, text } from '../../support/site-support'
import { get } from './storefront-support'

/** A loop listing product names from a lowest price: each price a distinct data source. */
const loop = (id: string, from: number, $limit?: number): PageNode => ({
  id,
  type: 'for',
  props: {
    source: {
      $exp: { $fetch: { source: 'products', params: { query: { price: { $gte: from }, ...($limit ? { $limit } : {}) } } } }
    }
  },
  children: [{ id: `${id}-name`, type: 'text', props: { text: { $exp: '$$0.name' } } }]
})
const loops = (count: number, from: number) => Array.from({ length: count }, (_, i) => loop(`l${from + i}`, from + i))

/** Resolves once `ready()` holds, checking after each turn of the event loop (no fixed sleep). */
const until = async (ready: () => boolean, turns = 20_000) => {
  for (let i = 0; i < turns && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 1))
  expect(ready()).toBe(true)
}

/**
 * Issue 28: one storefront request must not freeze every tenant. The worst page a merchant may save
 * renders with a bounded number of catalogue queries at once, a shop's renders queue behind its own
 * only, and the page cache ignores query parameters no page reads.
 */
describe.each(await dialects())('storefront render budget (%s)', (dialect) => {
  let t: TestApp
  let busy: Owner
  let calm: Owner
  let busySub = ''
  let calmSub = ''
  let home = ''
  // Products finds the storefront runs, per shop: how many at once (the most seen) and in all.
  const running = new Map<string, number>()
  const most = new Map<string, number>()
  const total = new Map<string, number>()
  let hold: Promise<void> | undefined

  const publish = async (who: Owner) => {
    const made = await client(t, who).create('siteVersions', {})
    if (made.status !== 201) throw new Error(`publish failed: ${JSON.stringify(made.body)}`)
  }
  const reset = () => {
    most.clear()
    total.clear()
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    busy = await shopOwner(t.url, 'Busy Shop')
    calm = await shopOwner(t.url, 'Calm Shop')
    busySub = (await t.db.knex('shops').where({ _id: busy.shopId }).first()).subdomain
    calmSub = (await t.db.knex('shops').where({ _id: calm.shopId }).first()).subdomain
    const api = client(t, busy)
    for (const [name, price] of [
      ['Green tea', 900],
      ['Black tea', 1900]
    ] as const)
      await api.made('products', { name, price })
    await client(t, calm).made('products', { name: 'Calm cake', price: 500 })
    // The worst page allowed: two placed components of 20 sources each, 40 on the page.
    const first = await api.made('components', componentOf('First', loops(MAX_COMPONENT_SOURCES, 0)))
    const second = await api.made('components', componentOf('Second', loops(MAX_COMPONENT_SOURCES, 100)))
    home = (await api.made('components', componentOf('Home', [placed('a', first._id), placed('b', second._id)])))._id
    await api.made('pages', { name: 'Home', path: '/', component: home })
    const listing = await api.made('components', componentOf('Listing', [loop('listed', 0)]))
    await api.made('pages', { name: 'Search', path: '/search', component: listing._id })
    await publish(busy)
    const calmHome = await client(t, calm).made('components', componentOf('Calm', [loop('calm', 0)]))
    await client(t, calm).made('pages', { name: 'Home', path: '/', component: calmHome._id })
    await publish(calm)

    t.app.service('products').hooks({
      around: {
        find: [
          async (context: HookContext, next: NextFunction) => {
            const shop = String((context.params.query as { shop?: unknown } | undefined)?.shop ?? '')
            running.set(shop, (running.get(shop) ?? 0) + 1)
            most.set(shop, Math.max(most.get(shop) ?? 0, running.get(shop)!))
            total.set(shop, (total.get(shop) ?? 0) + 1)
            try {
              if (shop === busy.shopId && hold) await hold
              await next()
            } finally {
              running.set(shop, running.get(shop)! - 1)
            }
          }
        ]
      }
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('renders the worst allowed page whole, never more catalogue queries at once than the budget', async () => {
    reset()
    const page = await get(t.url, `/s/${busySub}/?lang=en`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Black tea')
    // Every source (prices from 0 up) finds both products.
    expect(page.text.match(/Green tea/g)).toHaveLength(MAX_PAGE_SOURCES)
    expect(total.get(busy.shopId)).toBe(MAX_PAGE_SOURCES)
    expect(most.get(busy.shopId)).toBeLessThanOrEqual(RENDER_BUDGET.queries)
  })

  /** Renders the busy shop's home with `content` as stored before the caps, counting its catalogue queries. */
  const renderStored = async (content: (stored: PageNode[]) => PageNode[]) => {
    const row = await t.db.knex('siteVersions').where({ shop: busy.shopId }).orderBy('version', 'desc').first()
    const stored = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as SiteSnapshot
    const tampered = JSON.parse(JSON.stringify(stored)) as SiteSnapshot
    const root = tampered.components.find((one) => one._id === home)!
    root.content = [...content(root.content), text('end', 'The end')]
    await t.db
      .knex('siteVersions')
      .where({ _id: row._id })
      .update({ snapshot: JSON.stringify(tampered) })
    t.app.service('siteVersions').emit('created', { shop: busy.shopId, version: row.version })
    try {
      reset()
      const page = await get(t.url, `/s/${busySub}/?lang=en`)
      expect(page.status).toBe(200)
      expect(page.text).toContain('The end')
      expect(most.get(busy.shopId)).toBeLessThanOrEqual(RENDER_BUDGET.queries)
      return total.get(busy.shopId) ?? 0
    } finally {
      await t.db
        .knex('siteVersions')
        .where({ _id: row._id })
        .update({ snapshot: JSON.stringify(stored) })
      t.app.service('siteVersions').emit('created', { shop: busy.shopId, version: row.version })
    }
  }

  it('runs only the first sources of a page stored before the caps', async () => {
    expect(await renderStored((stored) => [...stored, ...loops(30, 500)])).toBe(MAX_PAGE_SOURCES)
  })

  it('runs only the sources that fit the page’s products of a page stored before the caps', async () => {
    // Sources of 100 products each: only as many as fit MAX_PAGE_PRODUCTS are asked.
    const big = Array.from({ length: 15 }, (_, i) => loop(`big${i}`, 700 + i, MAX_FETCH_LIMIT))
    expect(await renderStored(() => big)).toBe(Math.floor(MAX_PAGE_PRODUCTS / MAX_FETCH_LIMIT))
  })

  it('answers from the cache whatever query parameters no page reads', async () => {
    const first = await get(t.url, `/s/${busySub}/?lang=en&utm_source=a`)
    expect(first.status).toBe(200)
    reset()
    for (const query of ['utm_source=b', 'fbclid=x&utm_source=c', 'q=tea&category=Tea&page=2', 'sku=1', ''])
      expect((await get(t.url, `/s/${busySub}/?lang=en&${query}`)).headers['x-storefront-cache']).toBe('hit')
    expect(total.get(busy.shopId)).toBeUndefined()
    // A listing reads its search, in any order, trimmed; not the rest.
    expect((await get(t.url, `/s/${busySub}/search?lang=en&q=tea&x=1`)).headers['x-storefront-cache']).toBe('miss')
    expect((await get(t.url, `/s/${busySub}/search?x=2&q=%20tea%20&lang=en&sort=nosuch`)).headers['x-storefront-cache']).toBe(
      'hit'
    )
    expect((await get(t.url, `/s/${busySub}/search?lang=en&q=cake`)).headers['x-storefront-cache']).toBe('miss')
  })

  it("queues a busy shop's renders behind its own only", async () => {
    let release = () => undefined as void
    hold = new Promise<void>((resolve) => (release = resolve))
    reset()
    try {
      // More renders than the shop may run at once, none from the cache (each language and search its own page).
      const paths = ['/?lang=en&n', '/?lang=cht', '/?lang=chs', '/search?q=a', '/search?q=b', '/search?q=c']
      const waiting = paths.map((path) => get(t.url, `/s/${busySub}${path}`))
      await until(() => (running.get(busy.shopId) ?? 0) >= RENDER_BUDGET.queries)
      // Another shop renders while the busy one's queries are held.
      const other = await get(t.url, `/s/${calmSub}/?lang=en`)
      expect(other.status).toBe(200)
      expect(other.text).toContain('Calm cake')
      expect(running.get(busy.shopId)).toBe(RENDER_BUDGET.queries)
      release()
      hold = undefined
      expect((await Promise.all(waiting)).map((page) => page.status)).toEqual(paths.map(() => 200))
      expect(most.get(busy.shopId)).toBeLessThanOrEqual(RENDER_BUDGET.queries)
    } finally {
      release()
      hold = undefined
    }
  })
})
