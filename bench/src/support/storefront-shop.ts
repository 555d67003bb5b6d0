import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import sharp from 'sharp'
import type { PageNode } from '@emporia/shared'
import { newObjectId } from '../../../apps/server/src/platform/http/object-id'
import { ensurePosShop, openPosBench, type PosBench } from '../pos-bench-app'

type Log = (line: string) => void

/*
 * The storefront benches' shop (issue 18, decision 0108): storefront.ts (server figures) and
 * storefront-lighthouse.ts (Chromium's) measure the same shop and the same published site; Lighthouse's
 * run stores real pictures for it (`images`).
 */
const SHOP = 'e5e5e5e5e5e5e5e5e5e5e5e5'
const SUBDOMAIN = 'bench-storefront'
export const PRODUCTS = Number(process.env.BENCH_STOREFRONT_PRODUCTS ?? 10_000)

const hex = (prefix: string, i: string) => `'${prefix}' || lpad(to_hex(${i}), 22, '0')`
export const productId = (i: number) => `e3${i.toString(16).padStart(22, '0')}`

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
const publishSite = async (bench: PosBench, slides?: string[]) => {
  const stamp = { shop: SHOP, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }
  const productComponent = newObjectId()
  const cardComponent = newObjectId()
  const card = {
    _id: cardComponent,
    name: 'Card',
    dataType: {},
    data: {},
    props: { product: { type: 'product' } },
    // As the templates' card (template-parts.ts): a 260 px box, the picture a fixed height inside it.
    content: [
      {
        id: 'card',
        type: 'container',
        props: { css: { width: '260px', maxWidth: '100%' } },
        children: [
          {
            id: 'pic',
            type: 'imageButton',
            props: {
              image: { $exp: 'product.images.0' },
              to: { type: 'page', page: productComponent, params: { id: { $exp: 'product._id' } } },
              text: { $exp: 'product.name' },
              display: 'bottom',
              mode: 'cover',
              width: '100%',
              height: '260px'
            }
          },
          text('price', { $exp: 'product.price' }, 'span', { fontWeight: 600 })
        ]
      }
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
            image: {
              type: 'attachment',
              attachment: slides?.[n - 1] ?? `eb${String(n).padStart(22, '0')}`,
              width: 2000,
              height: 800
            },
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
  // The templates' collection page (template-parts.ts): the filter over a grid of 48 products.
  const collection = {
    _id: newObjectId(),
    name: 'Collection',
    dataType: {},
    data: {},
    props: {},
    content: [
      {
        id: 'main',
        type: 'layout',
        props: { maxWidth: '1200px' },
        children: [
          { id: 'path', type: 'sitePath', props: {} },
          text('title', 'All products', 'h1'),
          { id: 'filter', type: 'productFilter', props: {} },
          cards('all', 48)
        ]
      }
    ],
    ...stamp
  }
  const pages = [
    { _id: newObjectId(), name: 'Home', path: '/', component: home._id, ...stamp },
    { _id: newObjectId(), name: 'Collection', path: '/collections', component: collection._id, ...stamp },
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
    snapshot: JSON.stringify({ theme, pages, components: [home, collection, product, card] }),
    ...stamp
  })
  bench.app.app.service('siteVersions').emit('created', { shop: SHOP, version })
}

const PHOTOS = 8
const SLIDES = 3

/** A photo-like JPEG (smoothed noise, a tint of its own): compresses as a real product photo does. */
const photo = (file: string, width: number, height: number, tint: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } }
  })
    .blur(1.2)
    .tint({ r: 120 + ((tint * 47) % 130), g: 110 + ((tint * 89) % 140), b: 100 + ((tint * 31) % 150) })
    .jpeg({ quality: 88 })
    .toFile(file)

interface Ingest {
  ingest: (upload: { shop: string; path: string; name: string; file: string }) => Promise<{ _id: string }>
}

/**
 * Real pictures (Lighthouse weighs them): PHOTOS 1600 px product photos and SLIDES 2000×800 slides,
 * stored by the media library as an upload would be; every product shows two of the photos, the home
 * slider the slides. The media files live for the run only (the bench's data dir is temporary).
 */
const ensureImages = async (bench: PosBench, log: Log) => {
  const started = performance.now()
  const knex = bench.db.knex
  await knex('attachments').where({ shop: SHOP }).delete()
  const service = bench.app.app.service('attachments') as unknown as Ingest
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emporia-bench-photos-'))
  const upload = async (name: string, width: number, height: number, tint: number) => {
    const file = path.join(dir, name)
    await photo(file, width, height, tint)
    return (await service.ingest({ shop: SHOP, path: 'products/bench', name, file }))._id
  }
  try {
    const photos: string[] = []
    for (let i = 0; i < PHOTOS; i++) photos.push(await upload(`photo-${i}.jpg`, 1600, 1600, i))
    const slides: string[] = []
    for (let i = 0; i < SLIDES; i++) slides.push(await upload(`slide-${i}.jpg`, 2000, 800, PHOTOS + i))
    const image = (id: string) => ({ type: 'attachment', attachment: id, width: 1600, height: 1600 })
    // Two photos per product, by the product's number (ids end in the number in hex).
    await knex.raw(`update products set images = (?::jsonb) -> (('x' || right("_id", 8))::bit(32)::int % ?) where shop = ?`, [
      JSON.stringify(photos.map((_, i) => [image(photos[i]), image(photos[(i + 1) % PHOTOS])])),
      PHOTOS,
      SHOP
    ])
    log(`  ${PHOTOS + SLIDES} pictures stored in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    return slides
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface StorefrontBench {
  bench: PosBench
  /** `/s/{subdomain}`: the shop's pages on the bench server's own host. */
  base: string
  /** 200 product pages spread over the catalogue. */
  products: string[]
}

/** The bench server (in this process), the shop seeded (kept between runs) and its site published anew. */
export const openStorefrontBench = async (log: Log, options: { images?: boolean } = {}): Promise<StorefrontBench> => {
  const bench = await openPosBench(options.images ? { dataDir: 'memory://' } : {})
  try {
    await ensurePosShop(bench, SHOP, SUBDOMAIN)
    await ensureSeed(bench.db.knex, log)
    await publishSite(bench, options.images ? await ensureImages(bench, log) : undefined)
  } catch (error) {
    await bench.close()
    throw error
  }
  const base = `/s/${SUBDOMAIN}`
  const products = Array.from({ length: 200 }, (_, k) => `${base}/products/${productId(1 + ((k * 4999) % PRODUCTS))}`)
  return { bench, base, products }
}

/** The bench shop's topic page (decision 0208), the installed app's start page. */
const TOPIC = 'e6e6e6e6e6e6e6e6e6e6e6e6'

/**
 * The shop's installable app set up (decision 0202: the `app` attribute, a name, an icon from the bench's
 * pictures) with a published topic of eight products as its start page: the page the app opens on.
 * Answers the start page's path under `base`.
 */
export const ensureAppStartPage = async (bench: PosBench): Promise<string> => {
  const knex = bench.db.knex
  const icon = (await knex('attachments').where({ shop: SHOP }).orderBy('_id').first('_id')) as { _id: string } | undefined
  if (!icon) throw new Error('the app start page needs the bench pictures (images: true)')
  await knex('miniTopics').where({ _id: TOPIC }).delete()
  const now = new Date()
  await knex('miniTopics').insert({
    _id: TOPIC,
    shop: SHOP,
    name: JSON.stringify({ en: 'Autumn teas', cht: '秋茶節', chs: '秋茶节' }),
    desc: JSON.stringify({ en: 'Eight teas for cool days', cht: '秋天的八款茶', chs: '秋天的八款茶' }),
    content: JSON.stringify({ en: '<p>Picked in <strong>October</strong>, packed the same week.</p>' }),
    price: 9900,
    products: JSON.stringify(Array.from({ length: 8 }, (_, k) => productId(1 + k * 7))),
    status: 'published',
    order: 0,
    createdAt: now,
    updatedAt: now
  })
  await knex('shops')
    .where({ _id: SHOP })
    .update({
      appName: 'Bench Tea',
      appIcon: icon._id,
      appStartPage: `/topics/${TOPIC}`,
      attributes: knex.raw(`coalesce(attributes, '{}'::jsonb) || '{"app": true}'::jsonb`)
    })
  return `/topics/${TOPIC}`
}
