// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resolvePage, type ComponentModel, type PageNode } from '@emporia/shared'
import { CartPage, RenderNodes, ThemeContextProvider, publicProduct, renderContext } from '../src'

/** An amount with a bare "$" (not HK$): what a HK$ shop's storefront must never show. */
const BARE_DOLLAR = /(?<!HK)\$\s?\d/

const page = (content: PageNode[], data: Record<string, unknown>): ComponentModel =>
  ({ name: 'page', dataType: {}, data, props: {}, content }) as unknown as ComponentModel

const row = {
  _id: 'p1',
  name: 'Oolong',
  price: 123450,
  dprice: 99900,
  status: 'active',
  cachedInventory: 5,
  skus: [{ id: 'large', name: 'Large', price: 8000, dprice: 7500 }]
}

/** A product card as a page draws one: its name, sale price, price as a money text, and a bare amount. */
const card = (currency: string) => {
  const product = publicProduct(row, new Map(), 'en', { listed: true, currency })
  const content: PageNode[] = [
    { id: 'n', type: 'text', props: { text: { $exp: 'card.name' } } },
    { id: 'd', type: 'text', props: { text: { $exp: 'card.dprice' } } },
    { id: 'p', type: 'text', props: { text: { $exp: 'card.price' }, format: 'money' } },
    { id: 'c', type: 'text', props: { text: { $exp: 'card.priceCents' }, format: 'money' } },
    { id: 'k', type: 'skuPicker', props: { product: { $exp: 'card' } } }
  ]
  const { nodes } = resolvePage(page(content, { card: product }), { locale: 'en', currency })
  return renderToStaticMarkup(
    <ThemeContextProvider value={renderContext({ locale: 'en', currency })}>
      <RenderNodes nodes={nodes} />
    </ThemeContextProvider>
  )
}

describe("the storefront's money symbol (decision 0187)", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('draws a product card in the shop’s HK$, every amount, and in "$" by default', () => {
    const html = card('HK$')
    expect(html).toContain('HK$999.00')
    expect(html).toContain('HK$1,234.50')
    expect(html).toContain('data-price="HK$80.00" data-dprice="HK$75.00"')
    expect(html).not.toMatch(BARE_DOLLAR)
    const plain = card('$')
    expect(plain).toContain('$999.00')
    expect(plain).not.toContain('HK$')
  })

  it('has the cart island draw its lines and sums in the symbol the server put on its root', async () => {
    const html = renderToStaticMarkup(
      <ThemeContextProvider value={renderContext({ locale: 'en', currency: 'HK$' })}>
        <CartPage locale="en" base="" />
      </ThemeContextProvider>
    )
    expect(html).toContain('data-currency="HK$"')
    document.body.innerHTML = html
    localStorage.setItem(
      `emporia-cart:${location.host}`,
      JSON.stringify({ lines: [{ product: 'p1', sku: '', quantity: 2 }], coupons: [] })
    )
    const priced = {
      lines: [{ product: 'p1', sku: '', name: 'Oolong', price: 123450, quantity: 2, total: 246900 }],
      subtotal: 246900,
      discount: 1000,
      total: 245900,
      coupons: [],
      refused: [],
      suggestions: [],
      shipping: []
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(priced), { status: 200, headers: { 'Content-Type': 'application/json' } }))
    )
    // The bundle hydrates the islands already on the page when it loads.
    await import('../src/commerce/islands')
    await vi.waitFor(() => expect(document.querySelector('[data-cart-sums]')?.textContent).toContain('HK$2,459.00'))
    const lines = document.querySelector('[data-cart-lines]')?.textContent ?? ''
    expect(lines).toContain('HK$2,469.00')
    const sums = document.querySelector('[data-cart-sums]')?.textContent ?? ''
    expect(sums).toContain('-HK$10.00')
    expect(`${lines} ${sums}`).not.toMatch(BARE_DOLLAR)
  })
})
