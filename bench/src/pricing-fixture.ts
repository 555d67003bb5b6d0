import type { Cart, Discount, EvaluateContext } from '@emporia/shared'

/**
 * The pricing engine bench's cart and rules (docs/benchmarks.md, issue 15): 50 lines over a catalogue of
 * 200 products in 20 categories, and 200 valid automatic rules of every kind — most narrowed by
 * category, brand or tag so each weighs a different part of the cart, some with thresholds, time
 * conditions, discount groups or coupons. Built from a fixed seed: Node and Chromium price the same cart.
 */
const random = (seed: number) => () => {
  // mulberry32: small, fast, and the same sequence everywhere.
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(23 - prefix.length + 1, '0')}`
const KINDS: Discount['type'][] = [
  'percentage',
  'fixed',
  'bundleFix',
  'bundleOff',
  'bundleFree',
  'advanced',
  'point',
  'percentage',
  'fixed',
  'bundleOff'
]

export const pricingFixture = (lineCount = 50, ruleCount = 200, seed = 15): { cart: Cart; context: EvaluateContext } => {
  const next = random(seed)
  const pick = (n: number) => Math.floor(next() * n)
  const cart: Cart = {
    lines: Array.from({ length: lineCount }, (_, i) => {
      const product = pick(200)
      return {
        key: String(i),
        product: id('p', product),
        price: 100 + pick(20_000),
        quantity: i % 10 === 9 ? (1 + pick(3000)) / 1000 : 1 + pick(6),
        categories: [id('c', product % 20)],
        brand: id('b', product % 10),
        tags: [id('t', product % 7)]
      }
    })
  }
  const rules: Discount[] = Array.from({ length: ruleCount }, (_, i) => {
    const type = i === ruleCount - 1 ? 'usePoint' : KINDS[i % KINDS.length]
    const narrow = pick(4)
    const filters =
      narrow === 0
        ? { categories: [id('c', pick(20)), id('c', pick(20))] }
        : narrow === 1
          ? { brands: [id('b', pick(10))] }
          : narrow === 2
            ? { tags: [id('t', pick(7))] }
            : null
    return {
      _id: id('d', i),
      shop: id('s', 1),
      name: { en: `Rule ${i}` },
      type,
      status: 'valid',
      avail: i % 13 === 0 ? 'eshop' : 'both',
      automatic: i % 17 !== 0,
      priority: pick(5),
      filters,
      efilter: i % 11 === 0 ? { products: [id('p', pick(200))] } : null,
      minPrice: i % 3 === 0 ? pick(50_000) : null,
      minQty: i % 4 === 0 ? 1 + pick(10) : null,
      conditionOr: i % 6 === 0,
      fixedDiscount: 100 + pick(2000),
      percentageDiscount: 1 + pick(30),
      maxDiscount: i % 2 === 0 ? 500 + pick(5000) : null,
      quantity: 2 + pick(3),
      freeItems: [{ product: id('p', pick(200)), quantity: 1 }],
      member: { minQty: 1 + pick(4), unitDiscount: 10 + pick(100), stepQty: 2, maxDiscount: 3000 },
      point: { fixed: pick(20), percentage: 1 + pick(5), max: 500 },
      usePoint: { ratio: 10, unit: 10, percentageMax: 20 },
      grouping: i % 5 === 0,
      matchLoopQuantity: i % 2 === 1,
      exclusiveKey: i % 9 === 0 ? `g${pick(4)}` : null,
      rankConditions: i % 19 === 0 ? [id('r', 1)] : [],
      timeConditions: i % 8 === 0 ? { weekdays: [1, 2, 3, 4, 5], startHour: 9, endHour: 21 } : null,
      suggest: i % 4 === 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z'
    } as Discount
  })
  return {
    cart,
    context: {
      rules,
      channel: 'pos',
      customer: { id: id('u', 1), rank: id('r', 1) },
      points: { '': 5000 },
      usePoints: { '': 300 },
      now: '2026-11-25T04:00:00.000Z',
      timeZone: 'Asia/Hong_Kong'
    }
  }
}
