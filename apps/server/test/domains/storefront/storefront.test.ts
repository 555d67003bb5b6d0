import { createElement } from 'react'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageNode, SiteSnapshot } from '@emporia/shared'
import { registerStorefrontRoute } from '../../../src/domains/storefront'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, html, text } from '../../support/site-support'
import { json } from '../../support/clients'
import { get } from './storefront-support'

const PUBLIC_HOST = 'shops.test'
const forLoop = (id: string, children: PageNode[], query: Record<string, unknown> = {}) => ({
  id,
  type: 'for',
  props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 20, ...query } } } } } },
  children
})

describe.each(await dialects())('storefront serving (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let sub = ''
  let otherSub = ''
  const ids: Record<string, string> = {}
  const parts: Record<string, string> = {}

  /** Publishes the drafts as a merchant does (part A's siteVersions). */
  const publish = async (who: Owner) => {
    const made = await client(t, who).create('siteVersions', {})
    if (made.status !== 201) throw new Error(`publish failed: ${JSON.stringify(made.body)}`)
  }

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { publicHost: PUBLIC_HOST } })
    owner = await shopOwner(t.url, 'Tea House')
    other = await shopOwner(t.url, 'Other Shop')
    sub = (await t.db.knex('shops').where({ _id: owner.shopId }).first()).subdomain
    otherSub = (await t.db.knex('shops').where({ _id: other.shopId }).first()).subdomain
    const api = client(t, owner)
    const tea = (await api.made('categories', { name: { en: 'Tea', cht: '茶' } }))._id
    const cake = (await api.made('categories', { name: 'Cake' }))._id
    const brand = (ids.brand = (await api.made('brands', { name: { en: 'Leaf Co', cht: '葉記' } }))._id)
    const gift = (await api.made('tags', { name: 'Gift' }))._id
    ids.jasmine = (
      await api.made('products', {
        name: { en: 'Jasmine tea', cht: '茉莉花茶' },
        price: 12900,
        categories: [tea],
        brand,
        tags: [gift],
        desc: 'Fragrant tea',
        content: '<p>Picked <em>by hand</em></p>'
      })
    )._id
    ids.cheesecake = (await api.made('products', { name: 'Cheesecake', price: 5000, categories: [cake], avail: 'eshop' }))._id
    ids.posOnly = (await api.made('products', { name: 'Counter snack', price: 100, avail: 'pos' }))._id
    ids.draft = (await api.made('products', { name: 'Secret draft', price: 100, status: 'draft' }))._id
    ids.foreign = (await client(t, other).made('products', { name: 'Foreign tea', price: 100 }))._id

    const product = await api.made(
      'components',
      componentOf(
        'Product',
        [
          { id: 'name', type: 'text', props: { text: { $exp: 'product.name' }, tag: 'h1' } },
          { id: 'price', type: 'text', props: { text: { $exp: 'product.price' }, tag: 'span' } },
          { id: 'crumbs', type: 'sitePath', props: {} },
          { id: 'body', type: 'html', props: { html: { $exp: 'product.content' } } }
        ],
        { props: { product: { type: 'product' } } }
      )
    )
    const card = [
      {
        id: 'card',
        type: 'link',
        props: { text: { $exp: '$$0.name' }, to: { type: 'page', page: product._id, params: { id: { $exp: '$$0._id' } } } }
      }
    ]
    const about = await api.made('components', componentOf('About', [text('a', 'About the tea house')]))
    const home = await api.made(
      'components',
      componentOf('Home', [
        text('hello', { en: 'Welcome <script>alert(1)</script>', cht: '歡迎' }),
        html('rich', '<p>Rich <strong>text</strong></p>'),
        { id: 'about', type: 'button', props: { text: 'About us', to: { type: 'page', page: about._id } } },
        { id: 'slides', type: 'slider', props: { items: [{ text: 'One' }, { text: 'Two' }] } },
        forLoop('all', card)
      ])
    )
    const collection = await api.made(
      'components',
      componentOf('Collection', [{ id: 'filter', type: 'productFilter', props: {} }, forLoop('listed', card)])
    )
    Object.assign(parts, { product: product._id, about: about._id, home: home._id, collection: collection._id })
    const made = async (body: Record<string, unknown>) => (await api.made('pages', body))._id
    await made({
      name: 'Home',
      path: '/',
      component: home._id,
      seo: { title: { en: 'Home of tea', cht: '茶之家' }, description: 'The best tea in town' }
    })
    await made({ name: 'About', path: '/about', component: about._id })
    await made({ name: 'Product', path: '/products/:id', component: product._id })
    await made({ name: 'Category', path: '/collections/:category', component: collection._id })
    await made({ name: 'Search', path: '/search', component: collection._id })
    await made({ name: 'Brand', path: '/brands/:brand', component: collection._id })
    await api.made('themes', {
      colors: { primary: '#123456' },
      headerMenu: [{ type: 'logo' }, { name: 'About', to: { page: about._id } }, { type: 'cart' }],
      footerMenu: [],
      seo: { title: 'Tea House online', description: 'Fine teas', keywords: 'tea' }
    })
    await publish(owner)
  })

  afterAll(async () => {
    await t?.close()
  })

  it('serves the published home page on the path fallback, links keeping the prefix', async () => {
    const res = await get(t.url, `/s/${sub}/?lang=en`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.text).toContain('<html lang="en">')
    expect(res.text).toContain(`href="/s/${sub}/about"`)
    expect(res.text).toContain(`href="/s/${sub}/products/${ids.jasmine}"`)
    expect(res.text).toContain(`href="/s/${sub}/cart"`)
  })

  it('serves the shop at its subdomain of PUBLIC_HOST, any case, with links without prefix', async () => {
    const res = await get(t.url, '/', { host: `${sub.toUpperCase()}.Shops.Test:8080`, 'accept-language': 'en' })
    expect(res.status).toBe(200)
    expect(res.text).toContain('href="/about"')
    expect(res.text).not.toContain('/s/')
  })

  it('serves a shop whose subdomain predates the DNS-label rule on the path fallback', async () => {
    await t.db
      .knex('shops')
      .where({ _id: owner.shopId })
      .update({ subdomain: `legacy_${sub}` })
    t.storefront.lookup.forgetAll()
    try {
      const res = await get(t.url, `/s/legacy_${sub}/about?lang=en`)
      expect(res.status).toBe(200)
      expect(res.text).toContain('About the tea house')
      expect(res.text).toContain(`href="/s/legacy_${sub}/`)
    } finally {
      await t.db.knex('shops').where({ _id: owner.shopId }).update({ subdomain: sub })
      t.storefront.lookup.forgetAll()
    }
  })

  it('serves the shop at its alias, and leaves other hosts to the back office', async () => {
    await t.db.knex('shops').where({ _id: owner.shopId }).update({ alias: 'tea.example.org' })
    t.storefront.lookup.forgetAll()
    const res = await get(t.url, '/about', { host: 'Tea.Example.org' })
    expect(res.status).toBe(200)
    expect(res.text).toContain('About the tea house')
    const elsewhere = await get(t.url, '/about', { host: 'nobody.example.org' })
    expect(elsewhere.headers['x-storefront-cache']).toBeUndefined()
    const backOffice = await get(t.url, '/about', { host: PUBLIC_HOST })
    expect(backOffice.headers['x-storefront-cache']).toBeUndefined()
    // The templates' pictures are the web app's files on the shop's own host too, never a shop page.
    const picture = await get(t.url, '/eshop-templates/jade-hero.svg', { host: 'Tea.Example.org' })
    expect(picture.headers['x-storefront-cache']).toBeUndefined()
  })

  it('lists only products the storefront may show, of this shop only', async () => {
    const { text } = await get(t.url, `/s/${sub}/?lang=en`)
    expect(text).toContain('Jasmine tea')
    expect(text).toContain('Cheesecake')
    expect(text).toContain('<p>Rich <strong>text</strong></p>')
    expect(text).not.toContain('Counter snack')
    expect(text).not.toContain('Secret draft')
    expect(text).not.toContain('Foreign tea')
  })

  it('shows a product page with its product, 404 for hidden, draft and other shops’ products', async () => {
    const res = await get(t.url, `/s/${sub}/products/${ids.jasmine}?lang=en`)
    expect(res.status).toBe(200)
    expect(res.text).toContain('<h1 class="ef-text ef-text--h1">Jasmine tea</h1>')
    expect(res.text).toContain('<title>Jasmine tea | Tea House</title>')
    expect(res.text).toContain('<span class="ef-text ef-text--span">$129.00</span>')
    expect(res.text).toContain('<p>Picked <em>by hand</em></p>')
    expect(res.text).toContain('<meta property="og:type" content="product">')
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.text)![1])
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Jasmine tea', offers: { price: '129.00', priceCurrency: 'HKD' } })
    for (const id of [ids.posOnly, ids.draft, ids.foreign, 'f'.repeat(24), 'not-an-id']) {
      const hidden = await get(t.url, `/s/${sub}/products/${id}?lang=en`)
      expect(hidden.status).toBe(404)
      expect(hidden.text).toContain('Page not found')
      expect(hidden.text).toContain('class="ef-header')
      expect(hidden.text).not.toContain('Counter snack')
    }
  })

  it('never runs stored markup, even in a snapshot stored before today’s rules', async () => {
    // Part A cleans on write; the storefront cleans again at render: tamper with the stored snapshot.
    const row = await t.db.knex('siteVersions').where({ shop: owner.shopId }).orderBy('version', 'desc').first()
    const stored = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as SiteSnapshot
    const tampered = JSON.parse(JSON.stringify(stored)) as SiteSnapshot
    const home = tampered.components.find((one) => one._id === parts.home)!
    home.content.push(
      html('evil', '<p>Kept</p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(5)">x</a>'),
      { id: 'bad', type: 'button', props: { text: 'Bad', to: 'javascript:alert(4)' } }
    )
    tampered.theme!.colors = { ...tampered.theme!.colors, background: 'red;} body{display:none' }
    await t.db
      .knex('siteVersions')
      .where({ _id: row._id })
      .update({ snapshot: JSON.stringify(tampered) })
    t.app.service('siteVersions').emit('created', { shop: owner.shopId, version: row.version })
    try {
      const { text: page } = await get(t.url, `/s/${sub}/?lang=en`)
      expect(page).toContain('<p>Kept</p>')
      expect(page).not.toMatch(/alert\([2345]\)/)
      expect(page).toContain('Welcome &lt;script&gt;alert(1)&lt;/script&gt;')
      expect(page).not.toContain('javascript:')
      expect(page).not.toContain('onerror')
      // An invalid theme colour never reaches the style sheet.
      expect(page.includes('body{display:none')).toBe(false)
      expect(page.includes('--ef-background:#ffffff')).toBe(true)
      expect(page.includes('--ef-primary:#123456')).toBe(true)
    } finally {
      await t.db
        .knex('siteVersions')
        .where({ _id: row._id })
        .update({ snapshot: JSON.stringify(stored) })
      t.app.service('siteVersions').emit('created', { shop: owner.shopId, version: row.version })
    }
  })

  it('writes the SEO head: title, description, keywords, canonical, Open Graph, language', async () => {
    const { text } = await get(t.url, `/s/${sub}/?lang=en`)
    expect(text).toContain('<title>Home of tea</title>')
    expect(text).toContain('<meta name="description" content="The best tea in town">')
    expect(text).toContain('<meta name="keywords" content="tea">')
    expect(text).toMatch(new RegExp(`<link rel="canonical" href="http://127.0.0.1:\\d+/s/${sub}/">`))
    expect(text).toContain('<meta property="og:title" content="Home of tea">')
    expect(text).toContain('<meta property="og:locale" content="en_US">')
    const about = await get(t.url, `/s/${sub}/about?lang=en`)
    expect(about.text).toContain('<title>Tea House online</title>')
  })

  it('picks the language from ?lang, then the cookie, then Accept-Language, else cht', async () => {
    const chosen = await get(t.url, `/s/${sub}/?lang=en`)
    expect(String(chosen.headers['set-cookie'])).toContain('emporia-lang=en')
    expect((await get(t.url, `/s/${sub}/`, { cookie: 'emporia-lang=chs' })).text).toContain('<html lang="zh-Hans-CN">')
    expect((await get(t.url, `/s/${sub}/`, { 'accept-language': 'en-GB,en;q=0.8' })).text).toContain('<title>Home of tea</title>')
    const fallback = await get(t.url, `/s/${sub}/`)
    expect(fallback.text).toContain('<html lang="zh-Hant-HK">')
    expect(fallback.text).toContain('<title>茶之家</title>')
    expect(fallback.text).toContain('歡迎')
  })

  it('answers from the page cache and drops the shop’s pages when a product changes', async () => {
    const path = `/s/${sub}/?lang=en`
    await get(t.url, path)
    const hit = await get(t.url, path)
    expect(hit.headers['x-storefront-cache']).toBe('hit')
    expect(hit.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const patched = await client(t, owner).patch(`products/${ids.cheesecake}`, { name: 'Baked cheesecake' })
    expect(patched.status).toBe(200)
    const after = await get(t.url, path)
    expect(after.headers['x-storefront-cache']).toBe('miss')
    expect(after.text).toContain('Baked cheesecake')
    // Another shop's change leaves this shop's pages alone.
    await get(t.url, path)
    await client(t, other).patch(`products/${ids.foreign}`, { name: 'Foreign tea 2' })
    expect((await get(t.url, path)).headers['x-storefront-cache']).toBe('hit')
  })

  it('answers a page not modified when the browser has it', async () => {
    const path = `/s/${sub}/about?lang=en`
    const first = await get(t.url, path)
    const again = await get(t.url, path, { 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('drops the shop’s pages on publish and shows the new version', async () => {
    const path = `/s/${sub}/about?lang=en`
    await get(t.url, path)
    expect((await get(t.url, path)).headers['x-storefront-cache']).toBe('hit')
    const patched = await client(t, owner).patch(`components/${parts.about}`, { content: [text('a', 'About us, version two')] })
    expect(patched.status).toBe(200)
    // A draft is not shown until published.
    expect((await get(t.url, path)).text).not.toContain('version two')
    await publish(owner)
    const after = await get(t.url, path)
    expect(after.headers['x-storefront-cache']).toBe('miss')
    expect(after.text).toContain('About us, version two')
  })

  it('answers 404 with the theme’s layout for unknown paths, and "coming soon" before a first publish', async () => {
    const missing = await get(t.url, `/s/${sub}/no/such/page?lang=en`)
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('class="ef-header')
    expect(missing.text).toContain('<meta name="robots" content="noindex">')
    const soon = await get(t.url, `/s/${otherSub}/?lang=en`)
    expect(soon.status).toBe(200)
    expect(soon.text).toContain('Coming soon')
    expect(soon.text).not.toContain('Foreign tea')
    expect((await get(t.url, `/s/${otherSub}/anything`)).status).toBe(404)
    expect((await get(t.url, '/s/no-such-shop-here/')).headers['x-storefront-cache']).toBeUndefined()
  })

  it('narrows collection pages by category, search and price, and sorts them', async () => {
    const tea = await get(t.url, `/s/${sub}/collections/Tea?lang=en`)
    expect(tea.status).toBe(200)
    expect(tea.text).toContain('Jasmine tea')
    expect(tea.text).not.toContain('cheesecake')
    // A category is found by any of its languages.
    expect((await get(t.url, `/s/${sub}/collections/${encodeURIComponent('茶')}?lang=en`)).text).toContain('Jasmine tea')
    expect((await get(t.url, `/s/${sub}/collections/Nothing?lang=en`)).text).not.toContain('Jasmine tea')
    const cheap = await get(t.url, `/s/${sub}/search?price=0-6000&lang=en`)
    expect(cheap.text).toContain('Baked cheesecake')
    expect(cheap.text).not.toContain('Jasmine tea')
    const sorted = await get(t.url, `/s/${sub}/search?sort=-price&lang=en`)
    expect(sorted.text.indexOf('Jasmine tea')).toBeLessThan(sorted.text.indexOf('Baked cheesecake'))
    expect(sorted.text).toContain('<option value="-price" selected="">')
  })

  it('narrows collection pages by brand and tag, named in any language; an unknown one lists nothing', async () => {
    const brand = await get(t.url, `/s/${sub}/brands/${encodeURIComponent('葉記')}?lang=en`)
    expect(brand.status).toBe(200)
    expect(brand.text).toContain('Jasmine tea')
    expect(brand.text).not.toContain('cheesecake')
    expect((await get(t.url, `/s/${sub}/brands/leaf%20co?lang=en`)).text).toContain('Jasmine tea')
    expect((await get(t.url, `/s/${sub}/brands/Nobody?lang=en`)).text).not.toContain('Jasmine tea')
    const tagged = await get(t.url, `/s/${sub}/search?tag=gift&lang=en`)
    expect(tagged.text).toContain('Jasmine tea')
    expect(tagged.text).not.toContain('cheesecake')
    expect((await get(t.url, `/s/${sub}/search?tag=Nothing&lang=en`)).text).not.toContain('Jasmine tea')
    // A renamed brand is found by its new name at once (its names are cached until they change).
    await client(t, owner).patch(`brands/${ids.brand}`, { name: { en: 'Green Leaf', cht: '葉記' } })
    expect((await get(t.url, `/s/${sub}/brands/green%20leaf?lang=en`)).text).toContain('Jasmine tea')
  })

  it('serves sitemap.xml and robots.txt per shop', async () => {
    const sitemap = await get(t.url, `/s/${sub}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    expect(sitemap.text).toContain(`/s/${sub}/about</loc>`)
    expect(sitemap.text).toContain(`/s/${sub}/products/${ids.jasmine}</loc>`)
    expect(sitemap.text).not.toContain(ids.draft)
    expect(sitemap.text).not.toContain(ids.posOnly)
    expect(sitemap.text).not.toContain(':id')
    const robots = await get(t.url, `/s/${sub}/robots.txt`)
    expect(robots.text).toMatch(new RegExp(`Sitemap: http://127.0.0.1:\\d+/s/${sub}/sitemap.xml`))
  })

  it('serves the islands script under a hashed name with a long cache, compressed', async () => {
    const { text } = await get(t.url, `/s/${sub}/?lang=en`)
    const src = /<script src="(\/_emporia\/islands-[0-9a-f]{12}\.js)" defer><\/script>/.exec(text)?.[1]
    expect(src).toBeDefined()
    const res = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ request }) =>
        request(new URL(src!, t.url), { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) })
          )
        })
          .on('error', reject)
          .end()
      )
    })
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.body.length).toBeLessThan(10_000)
    expect(gunzipSync(res.body).toString()).toContain('data-island')
    expect((await get(t.url, '/_emporia/islands-000000000000.js')).status).toBe(404)
  })

  it('renders code-defined routes inside the theme’s layout, never from the cache', async () => {
    let calls = 0
    registerStorefrontRoute(t.app, {
      path: '/wishes/:token',
      render: ({ shop, base, params }) => {
        calls++
        return { title: 'Wishes', body: createElement('p', { id: 'wishes' }, `wishes ${params.token} of ${shop._id} at ${base}`) }
      }
    })
    const first = await get(t.url, `/s/${sub}/wishes/abc?lang=en`)
    await get(t.url, `/s/${sub}/wishes/abc?lang=en`)
    expect(calls).toBe(2)
    expect(first.status).toBe(200)
    expect(first.text).toContain(`wishes abc of ${owner.shopId} at /s/${sub}`)
    expect(first.text).toContain('class="ef-header')
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect((await get(t.url, `/s/${sub}/robots.txt`)).text).toContain('Disallow: /wishes')
  })

  it('honours the shop’s settings/ui and settings/social: languages, page size, sold out, stock, ratio, footer links', async () => {
    const api = client(t, owner)
    const paged = (await api.made('categories', { name: 'Paged' }))._id
    const items: string[] = []
    for (const n of [1, 2, 3, 4, 5])
      items.push(
        (
          await api.made('products', {
            name: `Paged item ${n}`,
            price: 1000 + n,
            categories: [paged],
            // Sellable without stock (a product with none on hand is sold out by the inventory).
            allowOutOfStock: true,
            images: [{ type: 'src', src: `https://img.example/${n}.jpg`, width: 800, height: 800 }]
          })
        )._id
      )
    const soldOut = (await api.made('products', { name: 'Paged sold out', price: 900, categories: [paged], status: 'soldOut' }))
      ._id
    // Stock as the inventory ledger leaves it on the product.
    await t.db.knex('products').where({ _id: items[0] }).update({ cachedInventory: 7 })
    // Cards with a picture, a product page with a stock line, a header with the language menu: published.
    const picture = { id: 'pic', type: 'imageButton', props: { image: { $exp: '$$0.images.0' }, height: '200px' } }
    const listedCard = { id: 'name', type: 'text', props: { text: { $exp: '$$0.name' }, tag: 'span' } }
    expect(
      (
        await api.patch(`components/${parts.collection}`, {
          content: [{ id: 'filter', type: 'productFilter', props: {} }, forLoop('listed', [picture, listedCard])]
        })
      ).status
    ).toBe(200)
    const productPage = (await api.get(`components/${parts.product}`)).body as { content: PageNode[] }
    const stockLine: PageNode = { id: 'left', type: 'text', props: { text: { $exp: 'product.stock' }, tag: 'h6' } }
    const soldOutLine: PageNode = {
      id: 'gone',
      type: 'if',
      props: { conditions: [{ value: { $exp: 'product.soldOut' }, op: 'eq', to: 'true' }] },
      children: [{ id: 'gone-text', type: 'text', props: { text: 'Marked sold out', tag: 'h5' } }]
    }
    const withStock = await api.patch(`components/${parts.product}`, {
      content: [...productPage.content, stockLine, soldOutLine]
    })
    expect(withStock.status, JSON.stringify(withStock.body)).toBe(200)
    const theme = await t.db.knex('themes').where({ shop: owner.shopId }).first()
    await api.patch(`themes/${String(theme._id).trim()}`, { headerMenu: [{ type: 'logo' }, { type: 'lang' }] })
    await publish(owner)
    // The shop's own record takes no `shop` parameter (the settings screens' call).
    const shopPatch = (body: unknown) =>
      json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
    const listing = (query: string, headers: Record<string, string> = {}) =>
      get(t.url, `/s/${sub}/collections/Paged?sort=name${query}`, headers)

    // The defaults: every language, sold-out products listed, 24 a page, no stock count.
    const before = await listing('&lang=en')
    expect(before.text).toContain('Paged sold out')
    expect(before.text).toContain('Paged item 5')
    expect(before.text).toContain('?lang=cht"')
    expect(before.text).toContain('--ef-product-ratio:1/1')
    expect(before.text).not.toContain('class="ef-social"')
    const hidden = await get(t.url, `/s/${sub}/products/${items[0]}?lang=en`)
    expect(hidden.text).toContain('<h6 class="ef-text ef-text--h6"></h6>')
    expect(hidden.text).not.toContain('undefined')
    expect(hidden.text).not.toContain('Marked sold out')

    const settings = {
      uiLocales: ['en', 'chs'],
      uiDefaultLocale: 'en',
      uiProductsPerPage: 4,
      uiShowStock: true,
      uiShowSoldOut: false,
      uiProductImageRatio: '4:3',
      socialFacebook: 'https://www.facebook.com/teahouse',
      socialWhatsapp: '+852 9123 4567',
      socialWechat: 'teahouse_hk',
      socialEmail: 'hello@tea.example'
    }
    try {
      const saved = await shopPatch(settings)
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      // Languages: only those offered; a cookie or a browser asking for another gets the shop's default.
      const page1 = await listing('')
      expect(page1.text).toContain('<html lang="en">')
      expect((await listing('', { cookie: 'emporia-lang=cht' })).text).toContain('<html lang="en">')
      expect((await listing('', { 'accept-language': 'zh-HK,zh-CN;q=0.8' })).text).toContain('<html lang="zh-Hans-CN">')
      const asked = await listing('&lang=cht')
      expect(asked.text).toContain('<html lang="en">')
      expect(asked.headers['set-cookie']).toBeUndefined()
      expect(page1.text).toContain('?lang=chs"')
      expect(page1.text).not.toContain('?lang=cht"')
      // Page size: four a page, `page` skips by it; sold-out products are not listed anywhere.
      for (const n of [1, 2, 3, 4]) expect(page1.text).toContain(`Paged item ${n}`)
      expect(page1.text).not.toContain('Paged item 5')
      const page2 = await listing('&page=2')
      expect(page2.text).toContain('Paged item 5')
      expect(page2.text).not.toContain('Paged item 1')
      expect(page2.text).not.toContain('Paged sold out')
      expect((await get(t.url, `/s/${sub}/search?q=Paged&lang=en`)).text).not.toContain('Paged sold out')
      const home = await get(t.url, `/s/${sub}/?lang=en`)
      expect(home.text).toContain('Paged item 1')
      expect(home.text).not.toContain('Paged sold out')
      // …but its product page still answers, sold out.
      const gone = await get(t.url, `/s/${sub}/products/${soldOut}?lang=en`)
      expect(gone.status).toBe(200)
      expect(gone.text).toContain('https://schema.org/OutOfStock')
      expect(gone.text).toContain('Marked sold out')
      // Stock counts shown; pictures of listed products cropped to the ratio, set on the document.
      expect((await get(t.url, `/s/${sub}/products/${items[0]}?lang=en`)).text).toContain(
        '<h6 class="ef-text ef-text--h6">7</h6>'
      )
      expect(page1.text).toContain('--ef-product-ratio:4/3')
      expect(page1.text).toContain('ef-imgbtn ef-imgbtn--normal ef-imgbtn--product')
      expect(page1.text).not.toContain('height:200px')
      // The footer's social links.
      expect(page1.text).toContain(
        '<a class="ef-social__link" href="https://www.facebook.com/teahouse" aria-label="Facebook (opens in a new window)" title="Facebook" target="_blank" rel="noopener">'
      )
      expect(page1.text).toContain('href="https://wa.me/85291234567"')
      expect(page1.text).toContain('href="mailto:hello@tea.example"')
      expect(page1.text).toContain('<span>WeChat: teahouse_hk</span>')
      // One language offered: no language menu.
      expect((await shopPatch({ uiLocales: ['en'] })).status).toBe(200)
      expect((await listing('')).text).not.toContain('?lang=')
    } finally {
      await shopPatch({
        uiLocales: ['en', 'cht', 'chs'],
        uiDefaultLocale: 'cht',
        uiProductsPerPage: null,
        uiShowStock: false,
        uiShowSoldOut: true,
        uiProductImageRatio: '1:1',
        ...Object.fromEntries(
          Object.keys(settings)
            .filter((key) => key.startsWith('social'))
            .map((key) => [key, null])
        )
      })
    }
  })
})
