import { describe, expect, it } from 'vitest'
import { lineTitle } from '@emporia/shared'
import { createNewOrderWatch, summarizeOrder } from './new-order-watch'

const shop = 'a'.repeat(24)
const order = (patch: Record<string, unknown> = {}) => ({
  _id: 'c'.repeat(24),
  shop,
  source: 'eshop',
  status: 'paid',
  amount: 123456,
  products: [{ name: { en: 'Tea', cht: '茶' }, image: '/img/tea.webp' }, { name: 'Cup' }, { name: 'Pot' }],
  ...patch
})

describe('createNewOrderWatch', () => {
  it('announces e-shop orders that are paid or being prepared, once each', () => {
    const watch = createNewOrderWatch(() => shop)
    expect(watch.accept(order())).toBe(true)
    expect(watch.accept(order())).toBe(false)
    expect(watch.accept(order({ _id: 'd'.repeat(24), status: 'prepare' }))).toBe(true)
  })

  it('announces the app’s and the mini-program’s orders as the e-shop’s (decision 0204)', () => {
    const watch = createNewOrderWatch(() => shop)
    expect(watch.accept(order({ _id: 'e'.repeat(24), source: 'app' }))).toBe(true)
    expect(watch.accept(order({ _id: 'f'.repeat(24), source: 'mini', status: 'prepare' }))).toBe(true)
    expect(watch.accept(order({ _id: '1'.repeat(24), source: 'admin' }))).toBe(false)
  })

  it('ignores other sources, other statuses, other shops and non-orders', () => {
    const watch = createNewOrderWatch(() => shop)
    expect(watch.accept(order({ source: 'pos' }))).toBe(false)
    expect(watch.accept(order({ status: 'unpaid' }))).toBe(false)
    expect(watch.accept(order({ shop: 'b'.repeat(24) }))).toBe(false)
    expect(watch.accept(null)).toBe(false)
    expect(watch.accept({ source: 'eshop', status: 'paid' })).toBe(false)
    // A rejected event does not use up the order: a later qualifying patch still shows.
    expect(watch.accept(order({ status: 'paid' }))).toBe(true)
  })
})

describe('summarizeOrder', () => {
  it("titles the first line by the product and the SKU it was sold as, with the product's image (decision 0139)", () => {
    const sold = {
      name: { en: 'Large' },
      productName: { en: 'Tea set', cht: '茶具' },
      skuName: { en: 'Large', cht: '大' },
      image: { type: 'attachment', attachment: 'f'.repeat(24) }
    }
    const summary = summarizeOrder(order({ products: [sold] }))
    expect(lineTitle(summary.line, 'cht')).toBe('茶具 · 大')
    expect(summary.image).toBe(`/api/thumbs/${'f'.repeat(24)}`)
    const outside = summarizeOrder(order({ products: [{ ...sold, image: { type: 'src', src: 'https://example.com/t.jpg' } }] }))
    expect(outside.image).toBe('https://example.com/t.jpg')
  })

  it('gives the first product, the count of the others and the total', () => {
    expect(summarizeOrder(order())).toEqual({
      line: { name: { en: 'Tea', cht: '茶' }, image: '/img/tea.webp' },
      image: '/img/tea.webp',
      more: 2,
      totalCents: 123456
    })
  })

  it('copes with an order without products or amount', () => {
    expect(summarizeOrder(order({ products: undefined, amount: undefined }))).toEqual({
      line: {},
      image: undefined,
      more: 0,
      totalCents: 0
    })
  })
})
