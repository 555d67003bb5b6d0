import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { putOnPlan } from '../../support/billing-support'
import { setShop } from '../../support/order-api'
import { uploadAs } from '../../support/uploads'
import { reviewShop } from './reviews-support'
import { get } from './storefront-support'

const PUBLIC_HOST = 'topics.test'

/**
 * Topic pages drawn by the storefront's theme (decision 0208): published topics of the host's shop only,
 * sanitised content, only that shop's visible products as cards with add-to-cart, the theme's 404 for
 * anything else, kept and indexed like product pages; and the installed app's banners, drawn on every
 * page of a shop that offers its app and shown only by `display-mode: standalone`.
 */
describe.each(await dialects())('topic pages and app banners in the theme (%s)', (dialect) => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof reviewShop>>
  let b: Awaited<ReturnType<typeof reviewShop>>
  const hostOf = (shop: { base: string }) => `${shop.base.slice(3)}.${PUBLIC_HOST}`
  const page = (shop: { base: string }, path: string) =>
    get(t.url, `${path}${path.includes('?') ? '&' : '?'}lang=en`, { Host: hostOf(shop) })

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { publicHost: PUBLIC_HOST } })
    a = await reviewShop(t, 'Topic Tea')
    b = await reviewShop(t, 'Rival Tea')
  })
  afterAll(() => t?.close())

  it('draws a published topic with its banner, texts, price, sanitised content and the shop’s products as cards', async () => {
    // Sold without stock counted, so both cards offer add-to-cart (a product out of stock says so instead).
    const boxed = (await a.api.made('products', { name: 'Tea box', price: 3000, allowOutOfStock: true }))._id as string
    expect((await a.api.patch(`products/${a.tea}`, { allowOutOfStock: true })).status).toBe(200)
    const theirs = b.tea as string
    const topic = await a.api.made('miniTopics', {
      name: { en: 'Autumn teas', cht: '秋季茶', chs: '秋季茶' },
      desc: { en: 'Warm cups for cool days' },
      banner: { type: 'src', src: 'https://images.example.com/autumn.jpg' },
      content: { en: '<p>Picked <strong>in October</strong></p>' },
      price: 12345,
      status: 'published',
      products: [a.tea, boxed]
    })
    // What reached the table another way (an old row, a direct import): script, and another shop's product.
    await t.db
      .knex('miniTopics')
      .where({ _id: topic._id })
      .update({
        content: JSON.stringify({
          en: '<p>Picked <strong>in October</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">'
        }),
        products: JSON.stringify([a.tea, theirs, boxed])
      })

    const answer = await page(a, `/topics/${topic._id}`)
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('<title>Autumn teas | Topic Tea</title>')
    expect(answer.text).toContain('<meta name="description" content="Warm cups for cool days">')
    expect(answer.text).toContain(`<link rel="canonical" href="http://${hostOf(a)}/topics/${topic._id}">`)
    expect(answer.text).not.toContain('name="robots"')
    expect(answer.text).toContain('https://images.example.com/autumn.jpg')
    expect(answer.text).toContain('$123.45')
    expect(answer.text).toContain('<p>Picked <strong>in October</strong></p>')
    expect(answer.text).not.toMatch(/alert\(|onerror/)
    // The shop's own products, in the topic's order, each a card with add-to-cart; never the other shop's.
    const cards = [...answer.text.matchAll(/data-product-card="([0-9a-f]{24})"/g)].map((match) => match[1])
    expect(cards).toEqual([a.tea, boxed])
    expect(answer.text).toContain(`data-add-to-cart="true" data-product="${a.tea}"`)
    expect(answer.text).toContain('Add to cart')
    expect(answer.text).toContain('$12.00')
    expect(answer.text).not.toContain(theirs)
    expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate')

    // In the shop's languages, from the visitor's choice.
    const cht = await get(t.url, `/topics/${topic._id}?lang=cht`, { Host: hostOf(a) })
    expect(cht.text).toContain('秋季茶')
    expect(cht.text).toContain('加入購物車')

    // Listed with the shop's other published topics; robots.txt leaves topic pages to crawlers.
    const list = await page(a, '/topics')
    expect(list.status).toBe(200)
    expect(list.text).toContain(`href="/topics/${topic._id}"`)
    expect((await get(t.url, '/robots.txt', { Host: hostOf(a) })).text).not.toContain('/topics')
    const sitemap = (await get(t.url, '/sitemap.xml', { Host: hostOf(a) })).text
    expect(sitemap).toContain(`<loc>http://${hostOf(a)}/topics/${topic._id}</loc>`)
    expect((await get(t.url, '/sitemap.xml', { Host: hostOf(b) })).text).not.toContain(topic._id as string)
  })

  it('answers the theme’s 404 for a draft, another shop’s topic, and a malformed id, on each host only its own', async () => {
    const draft = await a.api.made('miniTopics', { name: 'Secret sale', status: 'draft', products: [] })
    const rival = await b.api.made('miniTopics', { name: 'Rival picks', status: 'published', products: [b.tea] })
    for (const path of [`/topics/${draft._id}`, `/topics/${rival._id}`, '/topics/not-an-id']) {
      const answer = await page(a, path)
      expect(answer.status, path).toBe(404)
      expect(answer.text).toContain('Page not found')
      expect(answer.text).not.toMatch(/Secret sale|Rival picks/)
    }
    const list = await page(a, '/topics')
    expect(list.text).not.toMatch(/Secret sale|Rival picks/)
    // The rival's own host answers it, the path fallback too.
    expect((await page(b, `/topics/${rival._id}`)).text).toContain('Rival picks')
    expect((await get(t.url, `${b.base}/topics/${rival._id}?lang=en`)).status).toBe(200)
    expect((await get(t.url, `${a.base}/topics/${rival._id}?lang=en`)).status).toBe(404)
  })

  it('keeps a topic page in the full-page cache until the topic changes', async () => {
    const topic = await a.api.made('miniTopics', { name: 'Green week', status: 'published', products: [] })
    expect((await page(a, `/topics/${topic._id}`)).headers['x-storefront-cache']).toBe('miss')
    // A query it does not read is the same page.
    expect((await page(a, `/topics/${topic._id}?utm_source=x`)).headers['x-storefront-cache']).toBe('hit')
    await a.api.patch(`miniTopics/${topic._id}`, { name: 'Green fortnight' })
    const changed = await page(a, `/topics/${topic._id}`)
    expect(changed.headers['x-storefront-cache']).toBe('miss')
    expect(changed.text).toContain('Green fortnight')
    await a.api.patch(`miniTopics/${topic._id}`, { status: 'draft' })
    expect((await page(a, `/topics/${topic._id}`)).status).toBe(404)
  })

  it('draws the app’s banners, hidden unless the page runs as the installed app, and only when the shop offers it', async () => {
    const picture = { type: 'src', src: 'https://images.example.com/app-only.jpg' }
    const appBanner = await a.api.made('banners', {
      name: 'App only deal',
      type: 'app',
      status: 'published',
      url: '/topics',
      image: picture
    })
    await a.api.made('banners', {
      name: 'Website deal',
      type: 'website',
      status: 'published',
      image: { type: 'src', src: 'https://images.example.com/website.jpg' }
    })
    await a.api.made('banners', { name: 'Draft app deal', type: 'app', status: 'draft', image: picture })
    await a.api.made('banners', {
      name: 'Over app deal',
      type: 'app',
      status: 'published',
      expiry: '2020-01-02T00:00:00.000Z',
      publish: '2020-01-01T00:00:00.000Z',
      image: { type: 'src', src: 'https://images.example.com/over.jpg' }
    })
    // No app offered yet: no banners drawn.
    expect((await page(a, '/')).text).not.toContain('data-app-banners')

    const red = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer()
    const icon = await uploadAs(t.url, a.owner, red, 'icon.png')
    await setShop(t, a.owner, { appName: 'Topic Tea App', appIcon: icon, appShortcuts: ['topics'] })
    await putOnPlan(t, a.owner.shopId, 'business')

    for (const path of ['/', `/products/${a.tea}`, '/topics', '/cart']) {
      const answer = await page(a, path)
      expect(answer.text, path).toContain('<section class="ef-app-banners"')
      expect(answer.text).toContain(`data-app-banner="${appBanner._id}"`)
      expect(answer.text).toContain('href="/topics"')
      expect(answer.text).toContain('https://images.example.com/app-only.jpg')
      // Website banners, drafts and banners past their expiry are not the app's.
      expect(answer.text).not.toMatch(/website\.jpg|over\.jpg|Draft app deal/)
    }
    // Hidden, then shown by the display mode the installed app runs in: no script decides it.
    const css = (await page(a, '/')).text
    expect(css).toContain('.ef-app-banners{display:none}')
    expect(css).toContain('@media (display-mode: standalone){.ef-app-banners{display:grid')
    // The app's icon offers the topic pages as a shortcut.
    const manifest = JSON.parse((await get(t.url, '/manifest.webmanifest?lang=en', { Host: hostOf(a) })).text) as Record<
      string,
      unknown
    >
    expect(manifest.shortcuts).toEqual([{ name: 'Topics', url: '/topics' }])
    // The other shop's pages show none of them.
    expect((await page(b, '/')).text).not.toContain('app-only.jpg')
  })
})
