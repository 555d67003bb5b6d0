import type { Discount } from '../../src/promotions/discount.schema'
import type { CartLine, EvaluateContext } from '../../src/promotions/engine-types'

/** A valid, automatic rule for both channels; tests say only what differs. */
export const rule = (id: string, over: Partial<Discount> & Pick<Discount, 'type'>): Discount => ({
  _id: id,
  shop: 's1',
  name: { en: id } as Discount['name'],
  status: 'valid',
  avail: 'both',
  automatic: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over
})

/** Product A $10.00 (category c1, brand b1), B $25.00 (tag t1), C $3.99; quantities per line. */
export const A = (quantity: number, key = `A${quantity}`): CartLine => ({
  key,
  product: 'pA',
  price: 1000,
  quantity,
  categories: ['c1'],
  brand: 'b1'
})
export const B = (quantity: number, key = `B${quantity}`): CartLine => ({
  key,
  product: 'pB',
  price: 2500,
  quantity,
  tags: ['t1']
})
export const C = (quantity: number, key = `C${quantity}`): CartLine => ({ key, product: 'pC', price: 399, quantity })

/** Wednesday 25 November 2026, 12:00 in Hong Kong. */
export const context = (over: Partial<EvaluateContext> = {}): EvaluateContext => ({
  rules: [],
  channel: 'pos',
  now: '2026-11-25T04:00:00.000Z',
  timeZone: 'Asia/Hong_Kong',
  ...over
})
