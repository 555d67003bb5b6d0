import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageNode } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, setShop, type Owner } from '../../support/catalogue-support'
import { componentOf } from '../../support/site-support'
import { get } from './storefront-support'

/** Amounts shown with a bare "$" (not HK$): what a HK$ shop's page must never hold. */
const BARE_DOLLAR = /(?<!HK)\$\s?\d/
/** The page's body (header, main, footer): short failure messages, no style sheet. */
const bodyOf = (html: string) => /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''

/** The storefront speaks the shop's money symbol (decision 0187): every amount of a HK$ shop reads "HK$". */
describe.each(await dialects())('storefront money symbol (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let sub = ''
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Symbol Tea')
    sub = (await t.db.knex('shops').where({ _id: owner.shopId }).first()).subdomain
    const api = client(t, owner)
    const tea = (await api.made('categories', { name: 'Tea' }))._id
    ids.oolong = (
      await api.made('products', {
        name: 'Oolong',
        price: 123450,
        dprice: 99900,
        categories: [tea],
        skus: [
          { id: 'small', name: 'Small', price: 5000 },
          { id: 'large', name: 'Large', price: 8000, dprice: 7500 }
        ]
      })
    )._id
    const product = await api.made(
      'components',
      componentOf(
        'Product',
        [
          { id: 'name', type: 'text', props: { text: { $exp: 'product.name' }, tag: 'h1' } },
          { id: 'price', type: 'text', props: { text: { $exp: 'product.price' }, tag: 'span' } },
          { id: 'cents', type: 'text', props: { text: { $exp: 'product.price' }, format: 'money' } },
          { id: 'skus', type: 'skuPicker', props: { product: { $exp: 'product' } } }
        ],
        { props: { product: { type: 'product' } } }
      )
    )
    const card: PageNode[] = [
      { id: 'cardName', type: 'text', props: { text: { $exp: '$$0.name' } } },
      { id: 'cardPrice', type: 'text', props: { text: { $exp: '$$0.dprice' } } },
      { id: 'cardCents', type: 'text', props: { text: { $exp: '$$0.price' }, format: 'money' } }
    ]
    const listing = await api.made(
      'components',
      componentOf('Listing', [
        { id: 'filter', type: 'productFilter', props: { fields: ['price'], priceRanges: [{ min: 1000, max: 200000 }] } },
        {
          id: 'all',
          type: 'for',
          props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 10 } } } } } },
          children: card
        }
      ])
    )
    await api.made('pages', { name: 'Home', path: '/', component: listing._id })
    await api.made('pages', { name: 'Search', path: '/search', component: listing._id })
    await api.made('pages', { name: 'Product', path: '/products/:id', component: product._id })
    await api.made('themes', { colors: { primary: '#123456' }, headerMenu: [{ type: 'cart' }], footerMenu: [] })
    const published = await api.create('siteVersions', {})
    if (published.status !== 201) throw new Error(`publish failed: ${JSON.stringify(published.body)}`)
  })

  afterAll(async () => {
    await t?.close()
  })

  it('shows "$" by default, and "HK$" on every amount once the shop chooses it', async () => {
    const before = await get(t.url, `/s/${sub}/products/${ids.oolong}?lang=en`)
    expect(before.status).toBe(200)
    expect(bodyOf(before.text)).toContain('<strong>$50.00</strong>')
    expect(bodyOf(before.text)).not.toContain('HK$')

    await setShop(t, owner.shopId, { currencySymbol: 'HK$' })
    const page = await get(t.url, `/s/${sub}/products/${ids.oolong}?lang=en`)
    expect(page.status).toBe(200)
    const body = bodyOf(page.text)
    // The headline (the chosen SKU's), the money-formatted text and the SKU picker's prices.
    expect(body).toContain('<span class="ef-text ef-text--span">HK$50.00</span>')
    expect(body).toContain('<strong>HK$50.00</strong>')
    expect(body).toContain('data-price="HK$80.00" data-dprice="HK$75.00"')
    expect(body).not.toMatch(BARE_DOLLAR)
  })

  it("lists cards, the price filter and the cart's island root in HK$, no bare $", async () => {
    await setShop(t, owner.shopId, { currencySymbol: 'HK$' })
    const home = await get(t.url, `/s/${sub}/?lang=en`)
    expect(home.status).toBe(200)
    const body = bodyOf(home.text)
    // A card's sale price and its price through a money text; the filter's price range.
    expect(body).toContain('HK$999.00')
    expect(body).toContain('HK$1,234.50')
    expect(body).toContain('HK$10.00 – HK$2,000.00')
    expect(body).not.toMatch(BARE_DOLLAR)
    const search = await get(t.url, `/s/${sub}/search?lang=en&price=1000-200000`)
    expect(search.status).toBe(200)
    expect(bodyOf(search.text)).toContain('HK$1,234.50')
    expect(bodyOf(search.text)).not.toMatch(BARE_DOLLAR)
    const cart = await get(t.url, `/s/${sub}/cart?lang=en`)
    expect(cart.status).toBe(200)
    expect(bodyOf(cart.text)).toContain('data-currency="HK$"')
    expect(bodyOf(cart.text)).not.toMatch(BARE_DOLLAR)
  })
})
