import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageNode } from '@emporia/shared'
import { shopOwner } from '../../../support/accounts'
import { client, memberOf, setShop, type Owner } from '../../../support/catalogue-support'
import { operate } from '../../../support/inventory-api'
import { dialects } from '../../../support/databases'
import { startMiniDouble } from '../../../support/mini-double'
import { componentOf, text } from '../../../support/site-support'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { get } from '../storefront-support'
import { checkFill, fillText, MiniFillRefused } from '../../../../src/domains/storefront/mini/mini-builds'
import { MINI_HOME_LIMITS } from '../../../../src/domains/storefront/mini/mini-home'
import { storefrontApiBase } from '../../../../src/services/mini-package/mini-package'

type Body = Record<string, unknown>
type Shop = { owner: Owner; api: ReturnType<typeof client>; base: string; sub: string; programId: string }
const SECRET = 'double-secret-0123456789'
const PLACE = { base: '@@EMPORIA_API_BASE@@', shop: '@@EMPORIA_SHOP@@' }
let addresses = 0

/** A stand-in for the client's build (`apps/mini/dist`): both builds, placeholders in string literals. */
const fakeDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'emporia-mini-'))
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), content)
  }
  write(
    'h5/index.html',
    `<!doctype html><html><head><script>window.EMPORIA={api:"${PLACE.base}",shop:"${PLACE.shop}"}</script></head><body><div id="app"></div><script src="js/app.js"></script></body></html>`
  )
  write('h5/js/app.js', `var API_BASE="${PLACE.base}";var SHOP='${PLACE.shop}';fetch(API_BASE+"/_commerce/mini/home")`)
  write('h5/chunk/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))
  write('weapp/app.js', `const base = "${PLACE.base}"; const shop = "${PLACE.shop}"; App({})`)
  write('weapp/app.json', JSON.stringify({ pages: ['pages/index/index'] }))
  write('weapp/app.wxss', 'page { color: #333 }')
  write('weapp/pages/index/index.js', `Page({ data: { api: "${PLACE.base}/_commerce/mini/home" } })`)
  write('weapp/pages/index/index.wxml', '<view>{{api}}</view>')
  write('weapp/project.config.json', JSON.stringify({ appid: 'touristappid', projectname: 'mini', setting: { es6: true } }))
  return dir
}

/** A zip's entries by name (read with yauzl). */
const unzip = (buffer: Buffer) =>
  new Promise<Map<string, Buffer>>((resolve, reject) => {
    const entries = new Map<string, Buffer>()
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'))
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })

describe('the mini-program builds’ placeholders', () => {
  it('fills both placeholders and refuses a value that could leave its string', () => {
    const fill = checkFill({ apiBase: 'https://shop.example.com/s/tea_house', shop: 'a'.repeat(24) })
    expect(fillText(`x="${PLACE.base}";y='${PLACE.shop}';z=\`${PLACE.base}\``, fill)).toBe(
      `x="https://shop.example.com/s/tea_house";y='${'a'.repeat(24)}';z=\`https://shop.example.com/s/tea_house\``
    )
    for (const apiBase of ['/s/x"+alert(1)+"', "/s/x'", '/s/x\\', '/s/x\nalert(1)', '</script><script>', '/s/${x}', '/s/x\u2028'])
      expect(() => checkFill({ apiBase, shop: 'a'.repeat(24) })).toThrow(MiniFillRefused)
  })
})

describe.each(await dialects())('the mini-program’s server side (%s)', (dialect) => {
  let t: TestApp
  let double: Awaited<ReturnType<typeof startMiniDouble>>
  let dist = ''
  const previous = process.env.MINI_DIST_DIR
  const ids: Record<string, string> = {}
  const shops: Shop[] = []

  const shopper = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}${url}`, {
      headers: { 'X-Forwarded-For': `198.51.100.${(++addresses % 250) + 1}`, ...headers }
    })
    const type = response.headers.get('content-type') ?? ''
    return {
      status: response.status,
      headers: response.headers,
      body: (type.includes('json') ? await response.json() : { text: await response.text() }) as Body
    }
  }
  const open = async (name: string, programId: string, app = true): Promise<Shop> => {
    const owner = await shopOwner(t.url, name)
    await setShop(t, owner.shopId, { attributes: app ? { app: true, pageEditor: true } : { pageEditor: true } })
    const { subdomain } = (await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string }
    double.program(programId, `${SECRET}-${programId}`)
    return { owner, api: client(t, owner), base: `/s/${subdomain}`, sub: subdomain, programId }
  }
  const download = async (shop: string, token?: string) => {
    const response = await fetch(`${t.url}/api/mini/package?shop=${shop}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {}
    })
    const bytes = Buffer.from(await response.arrayBuffer())
    const json = (response.headers.get('content-type') ?? '').includes('json')
      ? (JSON.parse(bytes.toString()) as Body)
      : undefined
    return { status: response.status, headers: response.headers, bytes, json }
  }

  beforeAll(async () => {
    dist = fakeDist()
    process.env.MINI_DIST_DIR = dist
    double = await startMiniDouble()
    t = await startTestApp(dialect, { config: { miniApiBase: double.url, trustProxy: { hops: 1 } } })
    shops.push(await open('Mini Tea', 'wxa000000000000011'), await open('Other Tea', 'wxb000000000000022'))
    shops.push(await open('No Feature Tea', 'wxc000000000000033', false))
    const [a, b] = shops
    const api = a.api
    const tea = (ids.tea = (await api.made('categories', { name: { en: 'Tea', cht: '茶' } }))._id)
    ids.cake = (await api.made('categories', { name: { en: 'Cake', cht: '蛋糕' } }))._id
    ids.jasmine = (
      await api.made('products', {
        name: { en: 'Jasmine tea', cht: '茉莉花茶' },
        price: 1250,
        categories: [tea],
        content: { en: '<p>Picked <em>by hand</em><script>alert(1)</script></p>' },
        images: [
          { type: 'attachment', attachment: 'ab'.repeat(12) },
          { type: 'src', src: 'https://cdn.example.com/tea.jpg' }
        ]
      })
    )._id
    ids.cheesecake = (
      await api.made('products', { name: { en: 'Cheesecake' }, price: 5000, categories: [ids.cake], avail: 'eshop' })
    )._id
    ids.set = (
      await api.made('products', {
        name: { en: 'Tea set', cht: '茶具' },
        price: 2000,
        avail: 'both',
        categories: [tea],
        skus: [
          { id: 'small', name: { en: 'Small', cht: '細' }, price: 1500 },
          { id: 'large', name: { en: 'Large', cht: '大' } }
        ]
      })
    )._id
    ids.soldOut = (await api.made('products', { name: { en: 'Gone tea' }, price: 900, categories: [tea], status: 'soldOut' }))._id
    ids.posOnly = (await api.made('products', { name: { en: 'Counter snack' }, price: 100, avail: 'pos' }))._id
    ids.draft = (await api.made('products', { name: { en: 'Secret draft' }, price: 100, status: 'draft' }))._id
    ids.foreign = (await b.api.made('products', { name: { en: 'Foreign tea' }, price: 100 }))._id
    const warehouse = ((await t.db.knex('warehouses').where({ shop: a.owner.shopId }).first('_id')) as { _id: string })._id
    // In stock through the ledger (a product without stock reads as sold out, as on the storefront).
    await operate(t, a.owner, { mode: 'restock', warehouse, product: ids.jasmine, delta: 10 })
    await operate(t, a.owner, { mode: 'restock', warehouse, product: ids.set, sku: 'small', delta: 5 })

    // The home page: a slider, a text, a loop over a products source, and blocks the mini-program has no use for.
    const productPage = await api.made(
      'components',
      componentOf('Product', [text('name', { $exp: 'product.name' })], { props: { product: { type: 'product' } } })
    )
    const card: PageNode[] = [{ id: 'card', type: 'text', props: { text: { $exp: '$$0.name' } } }]
    const home = await api.made(
      'components',
      componentOf('Home', [
        {
          id: 'slides',
          type: 'slider',
          props: {
            items: [
              {
                image: { type: 'src', src: 'https://cdn.example.com/spring.jpg' },
                to: { type: 'page', page: productPage._id, params: { id: ids.jasmine } }
              },
              { image: { type: 'attachment', attachment: 'cd'.repeat(12) } },
              { text: 'No picture' }
            ]
          }
        },
        text('hello', { en: 'Welcome to Mini Tea', cht: '歡迎光臨' }),
        { id: 'vid', type: 'video', props: { video: { type: 'link', link: 'https://example.com/v.mp4' } } },
        { id: 'box', type: 'container', props: {}, children: [{ id: 'go', type: 'button', props: { text: 'Go' } }] },
        {
          id: 'teas',
          type: 'for',
          props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 50 } } } } } },
          children: card
        }
      ])
    )
    await api.made('pages', { name: 'Home', path: '/', component: home._id })
    await api.made('pages', { name: 'Product', path: '/products/:id', component: productPage._id })
    await api.made('themes', { colors: { primary: '#123456' }, headerMenu: [], footerMenu: [] })
    const published = await api.create('siteVersions', {})
    expect(published.status).toBe(201)
    ids.topic = (
      await api.made('miniTopics', {
        name: { en: 'Spring tea', cht: '春茶' },
        desc: { en: 'New leaves' },
        status: 'published',
        products: [ids.jasmine],
        price: 9900
      })
    )._id
    await api.made('miniTopics', { name: 'Hidden plan', status: 'draft', products: [] })
  })

  afterAll(async () => {
    await t?.close()
    await double?.close()
    if (previous === undefined) delete process.env.MINI_DIST_DIR
    else process.env.MINI_DIST_DIR = previous
    rmSync(dist, { recursive: true, force: true })
  })

  it('answers the home from the shop’s published home page and topics, in the language asked', async () => {
    const [a] = shops
    const res = await shopper(`${a.base}/_commerce/mini/home?lang=en`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('max-age')
    expect(res.body.shop).toEqual({ name: 'Mini Tea', symbol: '$', currency: 'HKD' })
    const sections = res.body.sections as Body[]
    expect(sections.map((section) => section.type)).toEqual(['banner', 'text', 'products', 'topics'])
    expect(sections[0]).toEqual({
      type: 'banner',
      images: [
        { src: 'https://cdn.example.com/spring.jpg', link: `/products/${ids.jasmine}` },
        { src: `${t.url}/api/files/${'cd'.repeat(12)}.medium.jpg` }
      ]
    })
    expect(sections[1]).toEqual({ type: 'text', text: 'Welcome to Mini Tea' })
    const products = sections[2].products as Body[]
    // Visible ones only: not the counter's, not the draft, never another shop's.
    const names = products.map((product) => product.name)
    expect(names).toEqual(expect.arrayContaining(['Jasmine tea', 'Cheesecake', 'Tea set', 'Gone tea']))
    expect(names).not.toContain('Counter snack')
    expect(names).not.toContain('Secret draft')
    expect(names).not.toContain('Foreign tea')
    expect(products.find((product) => product._id === ids.jasmine)).toEqual({
      _id: ids.jasmine,
      name: 'Jasmine tea',
      image: `${t.url}/api/files/${'ab'.repeat(12)}.medium.jpg`,
      price: '12.50',
      soldOut: false
    })
    expect(products.find((product) => product._id === ids.soldOut)).toMatchObject({ soldOut: true })
    expect(products.length).toBeLessThanOrEqual(MINI_HOME_LIMITS.products)
    expect(sections[3]).toEqual({
      type: 'topics',
      topics: [{ _id: ids.topic, name: 'Spring tea', desc: 'New leaves', price: '99.00' }]
    })
    const cht = await shopper(`${a.base}/_commerce/mini/home?lang=cht`)
    const chtSections = cht.body.sections as Body[]
    expect(chtSections[1]).toEqual({ type: 'text', text: '歡迎光臨' })
    expect((chtSections[3].topics as Body[])[0].name).toBe('春茶')
    // A shop that never published: its topics only; none: no sections.
    const other = await shopper(`${shops[1].base}/_commerce/mini/home?lang=en`)
    expect(other).toMatchObject({ status: 200, body: { sections: [] } })
  })

  it('caps the home’s products at the limit whatever the source asks', async () => {
    const [a] = shops
    const many = await Promise.all(
      Array.from({ length: MINI_HOME_LIMITS.products + 3 }, (_, i) =>
        a.api.made('products', { name: { en: `Bulk ${i}` }, price: 100 + i })
      )
    )
    expect(many).toHaveLength(MINI_HOME_LIMITS.products + 3)
    const res = await shopper(`${a.base}/_commerce/mini/home?lang=en`)
    const products = (res.body.sections as Body[]).find((section) => section.type === 'products')!.products as Body[]
    expect(products).toHaveLength(MINI_HOME_LIMITS.products)
    for (const made of many) expect((await a.api.remove(`products/${made._id}`)).status).toBe(200)
  })

  it('lists the shop’s categories and its visible products, by category, search and page', async () => {
    const [a, b] = shops
    const categories = await shopper(`${a.base}/_commerce/mini/categories?lang=cht`)
    expect(categories.status).toBe(200)
    expect(categories.body.data).toEqual(
      expect.arrayContaining([
        { _id: ids.tea, name: '茶' },
        { _id: ids.cake, name: '蛋糕' }
      ])
    )
    expect((await shopper(`${b.base}/_commerce/mini/categories`)).body).toEqual({ data: [] })

    const all = await shopper(`${a.base}/_commerce/mini/products?lang=en`)
    expect(all.status).toBe(200)
    const names = (all.body.data as Body[]).map((product) => product.name).sort()
    expect(names).toEqual(['Cheesecake', 'Gone tea', 'Jasmine tea', 'Tea set'])
    expect(all.body).toMatchObject({ total: 4, page: 1, pages: 1 })
    const teas = await shopper(`${a.base}/_commerce/mini/products?lang=en&category=${ids.tea}`)
    expect((teas.body.data as Body[]).map((product) => product.name).sort()).toEqual(['Gone tea', 'Jasmine tea', 'Tea set'])
    const found = await shopper(`${a.base}/_commerce/mini/products?lang=en&q=jasmine`)
    expect((found.body.data as Body[]).map((product) => product._id)).toEqual([ids.jasmine])
    // Another shop's category, and a page past the end, list nothing.
    const foreignCategory = (await b.api.made('categories', { name: 'Theirs' }))._id
    expect((await shopper(`${a.base}/_commerce/mini/products?category=${foreignCategory}`)).body).toMatchObject({
      data: [],
      total: 0
    })
    expect((await shopper(`${a.base}/_commerce/mini/products?page=3`)).body).toMatchObject({ data: [], total: 4, page: 3 })
    // Sold-out products leave the lists when the shop hides them.
    await setShop(t, a.owner.shopId, { uiShowSoldOut: false })
    const shown = await shopper(`${a.base}/_commerce/mini/products?lang=en`)
    expect((shown.body.data as Body[]).map((product) => product.name)).not.toContain('Gone tea')
    await setShop(t, a.owner.shopId, { uiShowSoldOut: true })
  })

  it('answers a product with its sanitised description, pictures and SKUs; 404 for hidden and other shops’ ids', async () => {
    const [a, b] = shops
    const jasmine = await shopper(`${a.base}/_commerce/mini/products/${ids.jasmine}?lang=en`)
    expect(jasmine.status).toBe(200)
    expect(jasmine.body).toEqual({
      _id: ids.jasmine,
      name: 'Jasmine tea',
      description: '<p>Picked <em>by hand</em></p>',
      images: [`${t.url}/api/files/${'ab'.repeat(12)}.medium.jpg`, 'https://cdn.example.com/tea.jpg'],
      price: '12.50',
      skus: [],
      soldOut: false
    })
    const set = await shopper(`${a.base}/_commerce/mini/products/${ids.set}?lang=cht`)
    expect(set.body).toMatchObject({
      name: '茶具',
      price: '20.00',
      soldOut: false,
      skus: [
        { _id: 'small', name: '細', price: '15.00', soldOut: false },
        { _id: 'large', name: '大', price: '20.00', soldOut: true }
      ]
    })
    for (const id of [ids.foreign, ids.posOnly, ids.draft, 'f'.repeat(24), 'not-an-id']) {
      const refused = await shopper(`${a.base}/_commerce/mini/products/${id}?lang=en`)
      expect(refused.status).toBe(404)
      expect(refused.body.message).toBe((await shopper(`${a.base}/_commerce/mini/products/${ids.foreign}?lang=en`)).body.message)
    }
    const chinese = await shopper(`${a.base}/_commerce/mini/products/${ids.foreign}?lang=cht`)
    expect(chinese.status).toBe(404)
    expect(String(chinese.body.message)).not.toMatch(/[A-Za-z]{4}/)
    // The same id on its own shop's address is found there.
    expect((await shopper(`${b.base}/_commerce/mini/products/${ids.foreign}?lang=en`)).status).toBe(200)
  })

  it('lists the checkout’s choices from the shop’s own settings, as the storefront’s checkout does, never a key', async () => {
    const [a, b] = shops
    const options = async (lang = 'en') => {
      const answer = await shopper(`${a.base}/_commerce/mini/checkout-options?lang=${lang}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      return answer.body as {
        open: boolean
        readiness: { payment: boolean; delivery: boolean; ready: boolean }
        payments: { id: string; label: string }[]
        skipShipping: boolean
        pickUp: boolean
        pickUpAddress?: string
        shipping: { _id: string; name: string }[]
        ageGate: boolean
        required: string[]
      }
    }
    const gateways = (on: boolean) => ({
      alipayHk: { enabled: on, staging: true, id: 'alipay-app-1', key: 'alipay-private-key-ZZ', hasKey: true },
      wechatPayHk: { enabled: on, staging: true, id: '1900000109.wx1234', sign: 'wechat-sign-key-ZZ', hasSign: true }
    })
    const bank = (on: boolean) => ({
      enabled: on,
      accounts: [{ bankName: 'HSBC', name: 'Mini Tea Ltd', no: '004-123-456', enabled: true }]
    })
    // Another shop takes everything; this one nothing yet: it cannot sell, whatever the other shop allows.
    await setShop(t, b.owner.shopId, { paymentGateways: gateways(true), bankTransfer: bank(true), pickUp: { enabled: true } })
    await b.api.made('shippingMethods', { name: { en: 'Courier B' }, price: 4000, priceRanges: [], enabled: true })
    await setShop(t, a.owner.shopId, { paymentGateways: gateways(false), bankTransfer: bank(false), pickUp: { enabled: false } })
    const closed = await options()
    expect(closed).toMatchObject({ open: false, readiness: { payment: false, delivery: false }, payments: [], shipping: [] })
    expect(closed.pickUp).toBe(false)
    expect(closed.required).toEqual(expect.arrayContaining(['customer.firstName', 'customer.email', 'customer.phone']))

    // The wallets' gateways on: both, with the storefront's labels in the asked language; still no delivery.
    await setShop(t, a.owner.shopId, {
      paymentGateways: gateways(true),
      // A card needs the provider's browser script: the mini-program never offers it, nor its key.
      cardPayment: { enabled: true, publicKey: 'pk_test_mini_never' }
    })
    const wallets = await options()
    expect(wallets.payments).toEqual([
      { id: 'mobileWallet', label: 'Mobile wallet (AlipayHK)' },
      { id: 'messagingWallet', label: 'Messaging app wallet (WeChat Pay HK)' }
    ])
    expect(wallets).toMatchObject({ open: false, readiness: { payment: true, delivery: false } })
    expect((await options('cht')).payments.map((payment) => payment.label)).toEqual([
      '流動電子錢包（支付寶香港）',
      '通訊軟件錢包（微信支付香港）'
    ])

    // Bank transfer and pick-up (cash) on, a shipping method of its own: open, the methods in order.
    await setShop(t, a.owner.shopId, {
      paymentGateways: gateways(false),
      bankTransfer: bank(true),
      pickUp: { enabled: true, address: '1 Tea Street' }
    })
    const courier = await a.api.made('shippingMethods', {
      name: { en: 'Courier', cht: '速遞' },
      price: 3000,
      priceRanges: [],
      enabled: true
    })
    const full = await options('cht')
    expect(full).toMatchObject({
      open: true,
      readiness: { payment: true, delivery: true, ready: true },
      skipShipping: false,
      pickUp: true,
      pickUpAddress: '1 Tea Street',
      shipping: [{ _id: courier._id, name: '速遞' }],
      ageGate: false
    })
    expect(full.payments.map((payment) => payment.id)).toEqual(['bank', 'cash'])
    expect(full.payments[0].label).toBe('銀行轉帳')

    // Goods that are not delivered: no delivery step, no shipping method, still open; the age box when flagged.
    await setShop(t, a.owner.shopId, { skipShipping: true, pickUp: { enabled: false }, ageRestricted: true })
    const skipped = await options()
    expect(skipped).toMatchObject({ open: true, skipShipping: true, pickUp: false, shipping: [], ageGate: true })
    expect(skipped.payments.map((payment) => payment.id)).toEqual(['bank'])
    // Bank transfer off again: no way to pay the mini-program can offer (a card is not one), so closed.
    await setShop(t, a.owner.shopId, { bankTransfer: bank(false) })
    const cardOnly = await options()
    expect(cardOnly).toMatchObject({ open: false, payments: [], readiness: { payment: false, delivery: true } })

    // Never a key, a secret, an account number or another shop's method, in any answer.
    for (const answer of [closed, wallets, full, skipped, cardOnly]) {
      const json = JSON.stringify(answer)
      for (const secret of [
        'alipay-private-key-ZZ',
        'wechat-sign-key-ZZ',
        'pk_test_mini_never',
        '004-123-456',
        'Courier B',
        'hasKey'
      ])
        expect(json).not.toContain(secret)
    }
    // An unknown shop address is the same 404 as any unknown storefront.
    expect((await shopper('/s/no-such-shop-mini/_commerce/mini/checkout-options')).status).toBe(404)
    await setShop(t, a.owner.shopId, { skipShipping: false, ageRestricted: false, cardPayment: null })
  })

  it('reads the customer’s session from a bearer token on the /_commerce calls of its own shop only', async () => {
    const [a, b] = shops
    await a.api.create('mini/settings', { programId: a.programId, secret: `${SECRET}-${a.programId}` })
    const signed = await fetch(`${t.url}${a.base}/_commerce/mini/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.77' },
      body: JSON.stringify({ code: double.code(a.programId, 'openid-bearer') })
    })
    const { token } = (await signed.json()) as { token: string }
    expect(typeof token).toBe('string')
    const mine = await shopper(`${a.base}/_commerce/account`, { Authorization: `Bearer ${token}` })
    expect(mine.status).toBe(200)
    expect(Array.isArray(mine.body.orders)).toBe(true)
    // Shop A's token is no one on shop B; a forged or absent one is no one anywhere.
    expect((await shopper(`${b.base}/_commerce/account`, { Authorization: `Bearer ${token}` })).status).toBe(401)
    expect((await shopper(`${a.base}/_commerce/account`, { Authorization: `Bearer ${token.slice(0, -2)}xx` })).status).toBe(401)
    expect((await shopper(`${a.base}/_commerce/account`)).status).toBe(401)
    // Pages read the cookie only: the account page does not take the bearer.
    const page = await get(t.url, `${a.base}/account?lang=en`, { authorization: `Bearer ${token}` })
    expect(page.text).not.toContain('openid-bearer')
  })

  it('serves the H5 build per shop with the feature, its placeholders filled with the address’s base and the shop', async () => {
    const [a, b, c] = shops
    const redirect = await get(t.url, `${a.base}/_mini`)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.location).toBe(`${a.base}/_mini/`)
    const index = await get(t.url, `${a.base}/_mini/`)
    expect(index.status).toBe(200)
    expect(index.headers['content-type']).toContain('text/html')
    expect(index.text).toContain(`window.EMPORIA={api:"${a.base}",shop:"${a.owner.shopId}"}`)
    expect(index.text).not.toContain('@@EMPORIA')
    const script = await get(t.url, `${a.base}/_mini/js/app.js`)
    expect(script.status).toBe(200)
    expect(script.headers['content-type']).toContain('javascript')
    expect(script.text).toBe(`var API_BASE="${a.base}";var SHOP='${a.owner.shopId}';fetch(API_BASE+"/_commerce/mini/home")`)
    // The app's own routes answer its page; a file not in the build, or outside it, does not.
    expect((await get(t.url, `${a.base}/_mini/pages/cart`)).text).toContain('window.EMPORIA')
    expect((await get(t.url, `${a.base}/_mini/js/missing.js`)).status).toBe(404)
    expect((await get(t.url, `${a.base}/_mini/%2e%2e/weapp/app.js`)).status).toBe(404)
    expect((await get(t.url, `${a.base}/_mini/..%2f..%2fweapp%2fapp.js`)).status).toBe(404)
    // Another shop's copy is its own.
    const theirs = await get(t.url, `${b.base}/_mini/js/app.js`)
    expect(theirs.text).toContain(`"${b.base}"`)
    expect(theirs.text).toContain(b.owner.shopId)
    expect(theirs.text).not.toContain(a.owner.shopId)
    // Without the feature: nothing.
    expect((await get(t.url, `${c.base}/_mini/`)).status).toBe(404)
    expect((await get(t.url, `${c.base}/_mini/js/app.js`)).status).toBe(404)
    // Not built: 404, and the storefront goes on.
    renameSync(path.join(dist, 'h5'), path.join(dist, 'h5-away'))
    try {
      expect((await get(t.url, `${a.base}/_mini/`)).status).toBe(404)
      expect((await shopper(`${a.base}/_commerce/mini/categories`)).status).toBe(200)
    } finally {
      renameSync(path.join(dist, 'h5-away'), path.join(dist, 'h5'))
    }
    expect((await get(t.url, `${a.base}/_mini/`)).status).toBe(200)
  })

  it('downloads the weapp package of the shop, filled in, with its project file and never the secret', async () => {
    const [a] = shops
    const res = await download(a.owner.shopId, a.owner.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="mini-program-${a.sub.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.zip"`
    )
    const entries = await unzip(res.bytes)
    expect([...entries.keys()].sort()).toEqual([
      'app.js',
      'app.json',
      'app.wxss',
      'pages/index/index.js',
      'pages/index/index.wxml',
      'project.config.json'
    ])
    const apiBase = storefrontApiBase(t.context.config, { subdomain: a.sub, alias: null })
    expect(apiBase).toBe(`${t.context.config.publicUrl}/s/${a.sub}`)
    expect(entries.get('app.js')!.toString()).toBe(`const base = "${apiBase}"; const shop = "${a.owner.shopId}"; App({})`)
    expect(entries.get('pages/index/index.js')!.toString()).toContain(`"${apiBase}/_commerce/mini/home"`)
    expect(JSON.parse(entries.get('project.config.json')!.toString())).toEqual({
      appid: a.programId,
      projectname: 'Mini Tea',
      miniprogramRoot: '',
      compileType: 'miniprogram',
      setting: { es6: true }
    })
    for (const [name, bytes] of entries) {
      expect(bytes.toString(), name).not.toContain('@@EMPORIA')
      expect(bytes.toString(), name).not.toContain(SECRET)
    }
    // A shop with its own domain gets that domain.
    await t.db.knex('shops').where({ _id: a.owner.shopId }).update({ alias: 'tea.example.com' })
    const aliased = await unzip((await download(a.owner.shopId, a.owner.token)).bytes)
    expect(aliased.get('app.js')!.toString()).toContain(`"${new URL(t.context.config.publicUrl).protocol}//tea.example.com"`)
    await t.db.knex('shops').where({ _id: a.owner.shopId }).update({ alias: null })
  })

  it('refuses the download, translated, to others, without the feature, the program id or the build', async () => {
    const [a, b, c] = shops
    expect((await download(a.owner.shopId)).status).toBe(401)
    expect(await download(a.owner.shopId, b.owner.token)).toMatchObject({
      status: 403,
      json: { data: { key: 'errors.notMember' } }
    })
    const staff = await memberOf(t, a.owner, 'user')
    expect(await download(a.owner.shopId, staff.token)).toMatchObject({
      status: 403,
      json: { data: { key: 'errors.noPermission' } }
    })
    expect(await download(c.owner.shopId, c.owner.token)).toMatchObject({
      status: 403,
      json: { data: { key: 'errors.featureOff' } }
    })
    expect(await download(b.owner.shopId, b.owner.token)).toMatchObject({
      status: 400,
      json: { data: { key: 'mini.noProgramId' } }
    })
    renameSync(path.join(dist, 'weapp'), path.join(dist, 'weapp-away'))
    try {
      expect(await download(a.owner.shopId, a.owner.token)).toMatchObject({
        status: 400,
        json: { data: { key: 'mini.notBuilt' } }
      })
    } finally {
      renameSync(path.join(dist, 'weapp-away'), path.join(dist, 'weapp'))
    }
    expect((await download(a.owner.shopId, a.owner.token)).status).toBe(200)
  })
})
