import type { Knex } from 'knex'
import type { PageNode } from '@emporia/shared'
import { newObjectId } from '../../apps/server/src/platform/object-id'
import { ensurePosShop, openPosBench, type PosBench } from './pos-bench-app'
import { measure } from './support/load'
import { fixed, type Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

const SHOP = 'e5e5e5e5e5e5e5e5e5e5e5e5'
const SUBDOMAIN = 'bench-storefront'
const PRODUCTS = Number(process.env.BENCH_STOREFRONT_PRODUCTS ?? 10_000)
const SECONDS = Number(process.env.BENCH_STOREFRONT_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_STOREFRONT_CONNECTIONS ?? 32)
const RENDERS = Number(process.env.BENCH_STOREFRONT_RENDERS ?? 300)
const CACHED_GOAL = 5000
const RENDER_GOAL_MS = 50

const hex = (prefix: string, i: string) => `'${prefix}' || lpad(to_hex(${i}), 22, '0')`
const productId = (i: number) => `e3${i.toString(16).padStart(22, '0')}`

/** A shop of PRODUCTS products in 20 categories, names in English and Chinese, two images each. */
const ensureSeed = async (knex: Knex, log: Log) => {
  const { rows } = (await knex.raw(`select count(*)::int as n from products where shop = ?`, [SHOP])) as { rows: { n: number }[] }
  if (rows[0].n === PRODUCTS && process.env.BENCH_STOREFRONT_RESEED !== '1') return
  const started = performance.now()
  await knex('products').where({ shop: SHOP }).delete()
  await knex('categories').where({ shop: SHOP }).delete()
  await knex.raw(
    `insert into categories ("_id", shop, name, "order")
     select ${hex('e4', 'k')}, ?, jsonb_build_object('en', 'Collection ' || k, 'cht', '系列 ' || k), k from generate_series(1, 20) k`,
    [SHOP]
  )
  await knex.raw(
    `insert into products ("_id", shop, name, "desc", content, price, dprice, categories, images, specs, status, avail, "createdAt", "updatedAt")
     select ${hex('e3', 'i')}, ?, jsonb_build_object('en', 'Product ' || i || ' linen shirt', 'cht', '產品 ' || i || ' 亞麻襯衫'),
            jsonb_build_object('en', 'A light shirt for warm days, number ' || i),
            to_jsonb('<p>Woven from <strong>pure linen</strong>, washed for softness.</p><ul><li>Relaxed fit</li><li>Mother-of-pearl buttons</li></ul>'::text),
            1000 + (i * 7919) % 99000, case when i % 4 = 0 then 900 + (i * 7919) % 80000 end,
            jsonb_build_array(${hex('e4', '1 + i % 20')}),
            jsonb_build_array(jsonb_build_object('type', 'attachment', 'attachment', ${hex('e9', 'i')}, 'width', 1600, 'height', 1600),
                              jsonb_build_object('type', 'attachment', 'attachment', ${hex('ea', 'i')}, 'width', 1600, 'height', 1600)),
            '[]'::jsonb, 'selling', 'both',
            timestamptz '2025-01-01T00:00:00Z' + i * interval '1 minute', timestamptz '2025-01-01T00:00:00Z' + i * interval '1 minute'
       from generate_series(1, ?::int) i`,
    [SHOP, PRODUCTS]
  )
  await knex.raw('vacuum analyze products')
  log(`  seeded ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const text = (id: string, value: unknown, tag = 'p', css: Record<string, unknown> = {}): PageNode => ({
  id,
  type: 'text',
  props: { text: value, tag, css }
})
const source = (limit: number, categories?: string[]) => ({
  $exp: {
    $fetch: {
      source: 'products',
      params: { query: { $limit: limit, ...(categories ? { normalizedCategories: { $in: categories } } : {}) } }
    }
  }
})

/** A site shaped like the wizard's templates: home with a slider and 20 cards, a product page with 8 related. */
const publishSite = async (bench: PosBench) => {
  const stamp = { shop: SHOP, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }
  const productComponent = newObjectId()
  const cardComponent = newObjectId()
  const card = {
    _id: cardComponent,
    name: 'Card',
    dataType: {},
    data: {},
    props: { product: { type: 'product' } },
    content: [
      {
        id: 'pic',
        type: 'imageButton',
        props: {
          image: { $exp: 'product.images.0' },
          to: { type: 'page', page: productComponent, params: { id: { $exp: 'product._id' } } },
          text: { $exp: 'product.name' },
          display: 'bottom'
        }
      },
      text('price', { $exp: 'product.price' }, 'span', { fontWeight: 600 })
    ],
    ...stamp
  }
  const cards = (id: string, limit: number, categories?: string[]): PageNode => ({
    id,
    type: 'flex',
    props: { wrap: true, gap: '16px' },
    children: [
      {
        id: `${id}-for`,
        type: 'for',
        props: { source: source(limit, categories) },
        children: [{ id: 'c', type: 'component', component: cardComponent, props: { product: { $exp: '$$0' } } }]
      }
    ]
  })
  const home = {
    _id: newObjectId(),
    name: 'Home',
    dataType: {},
    data: {},
    props: {},
    content: [
      {
        id: 'hero',
        type: 'slider',
        props: {
          items: [1, 2, 3].map((n) => ({
            image: { type: 'attachment', attachment: `eb${String(n).padStart(22, '0')}`, width: 2000, height: 800 },
            text: `Season ${n}`
          }))
        }
      },
      {
        id: 'main',
        type: 'layout',
        props: { maxWidth: '1200px' },
        children: [text('title', 'New arrivals', 'h2'), cards('new', 20)]
      }
    ],
    ...stamp
  }
  const product = {
    _id: productComponent,
    name: 'Product',
    dataType: {},
    data: {},
    props: { product: { type: 'product' } },
    content: [
      {
        id: 'main',
        type: 'layout',
        props: { maxWidth: '1200px' },
        children: [
          { id: 'path', type: 'sitePath', props: {} },
          {
            id: 'top',
            type: 'flex',
            props: { wrap: true, gap: '24px' },
            children: [
              { id: 'image', type: 'imageButton', props: { image: { $exp: 'product.images.0' }, width: '480px' } },
              {
                id: 'facts',
                type: 'container',
                props: {},
                children: [
                  text('name', { $exp: 'product.name' }, 'h1'),
                  {
                    id: 'sale',
                    type: 'if',
                    props: { conditions: [{ value: { $exp: 'product.dprice' }, op: 'em' }] },
                    children: [
                      text('p', { $exp: 'product.price' }, 'span'),
                      { ...text('d', { $exp: 'product.dprice' }, 'span'), slot: 'else' }
                    ]
                  },
                  { id: 'qty', type: 'numPicker', props: {} },
                  {
                    id: 'tabs',
                    type: 'tab',
                    props: { tabs: ['Details', 'Specs'] },
                    children: [
                      text('desc', { $exp: 'product.desc' }),
                      { id: 'attrs', type: 'attributes', props: { product: { $exp: 'product' } } }
                    ]
                  }
                ]
              }
            ]
          },
          { id: 'content', type: 'html', props: { html: { $exp: 'product.content' } } },
          text('related', 'You may also like', 'h2'),
          cards('related', 8, ['Collection 3'])
        ]
      }
    ],
    ...stamp
  }
  const pages = [
    { _id: newObjectId(), name: 'Home', path: '/', component: home._id, ...stamp },
    { _id: newObjectId(), name: 'Product', path: '/products/:id', component: product._id, ...stamp }
  ]
  const theme = {
    _id: newObjectId(),
    colors: { primary: '#1f4e79' },
    headerMenu: [
      { type: 'drawer' },
      { type: 'logo' },
      { name: 'Shop', to: { page: home._id } },
      { type: 'spacer' },
      { type: 'search' },
      { type: 'lang' },
      { type: 'cart' }
    ],
    footerMenu: [
      {
        name: 'About',
        childs: [
          { name: 'Our story', to: '/about' },
          { name: 'Contact', to: 'mailto:hello@example.com' }
        ]
      }
    ],
    ...stamp
  }
  const knex = bench.db.knex
  const { rows } = (await knex.raw(`select coalesce(max(version), 0)::int as v from "siteVersions" where shop = ?`, [SHOP])) as {
    rows: { v: number }[]
  }
  const version = rows[0].v + 1
  await knex('siteVersions').insert({
    _id: newObjectId(),
    version,
    snapshot: JSON.stringify({ theme, pages, components: [home, product, card] }),
    ...stamp
  })
  bench.app.app.service('siteVersions').emit('created', { shop: SHOP, version })
}

/**
 * The storefront (issue 18, decision 0108) on a shop of PRODUCTS products: cached pages per second
 * (the home and 200 product pages, CONNECTIONS callers in this process) and the uncached product page,
 * rendered from the database each time (the page cache emptied before each request), p95 to the last byte.
 */
export const runStorefront = async (log: Log): Promise<Outcome> => {
  const bench = await openPosBench()
  try {
    await ensurePosShop(bench, SHOP, SUBDOMAIN)
    await ensureSeed(bench.db.knex, log)
    await publishSite(bench)
    const base = `/s/${SUBDOMAIN}`
    const products = Array.from({ length: 200 }, (_, k) => `${base}/products/${productId(1 + ((k * 4999) % PRODUCTS))}`)
    const storefront = bench.app.storefront

    // Uncached: each request renders (site from the published-site cache, products from the database).
    const get = async (path: string) => {
      const started = performance.now()
      const answer = await fetch(`${bench.url}${path}`, { headers: { 'accept-encoding': 'gzip' } })
      const body = await answer.arrayBuffer()
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
      return { ms: performance.now() - started, bytes: body.byteLength }
    }
    for (let i = 0; i < 20; i++) {
      storefront.cache.clear()
      await get(products[i % products.length])
    }
    const renders: number[] = []
    let bytes = 0
    for (let i = 0; i < RENDERS; i++) {
      storefront.cache.clear()
      const answer = await get(products[i % products.length])
      renders.push(answer.ms)
      bytes = answer.bytes
    }
    const uncached = percentiles(renders)
    log(`  uncached product page: p50 ${uncached.p50} p95 ${uncached.p95} ms, ${fixed(bytes / 1024, 1)} KB gzip`)

    // Cached: warm every page once, then a closed loop.
    storefront.cache.clear()
    const paths = [`${base}/`, ...products]
    for (const path of paths) await get(path)
    // autocannon rather than fetch: it costs the shared event loop far less per request.
    const loop = await measure({
      url: bench.url,
      paths,
      durationSeconds: SECONDS,
      connections: CONNECTIONS,
      headers: { 'accept-encoding': 'gzip' }
    })
    log(`  cached pages: ${loop.rps} req/s, p99 ${loop.latencyMs.p99} ms, ${loop.non2xx + loop.errors} failed`)
    return {
      workload: 'storefront',
      figures: [
        {
          name: `cached page req/s (${CONNECTIONS} connections, autocannon in the server's process)`,
          measured: `${loop.rps} (p99 ${loop.latencyMs.p99} ms)`,
          goal: `≥ ${CACHED_GOAL}`,
          pass: loop.rps >= CACHED_GOAL
        },
        {
          name: `uncached product page p95 (${PRODUCTS} products)`,
          measured: `${uncached.p95} ms`,
          goal: `≤ ${RENDER_GOAL_MS} ms`,
          pass: uncached.p95 <= RENDER_GOAL_MS
        },
        { name: 'uncached product page p50', measured: `${uncached.p50} ms` },
        { name: 'product page HTML (gzip)', measured: `${fixed(bytes / 1024, 1)} KB` }
      ],
      raw: { uncached, loop, bytes },
      erroring: loop.failed
    }
  } finally {
    await bench.close()
  }
}
