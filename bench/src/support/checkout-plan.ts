import type { BenchShop } from './bench-shop'

/** One planned checkout: five lines, as product indexes and units. */
export interface PlannedOrder {
  lines: { index: number; quantity: number }[]
}

const LINES = 5

/**
 * `count` different 5-line checkouts over `products` products, the same every run. Lines are spread
 * over the catalogue (order i starts at product 7i and steps a fifth of the catalogue), 1–3 units
 * each. In the hot case every order's first line is product 0 and the rest avoid it.
 */
export const planOrders = (count: number, products: number, hot: boolean): PlannedOrder[] => {
  const step = Math.floor(products / LINES)
  return Array.from({ length: count }, (_, i) => {
    const start = (i * 7) % products
    const indexes = hot
      ? [0, ...Array.from({ length: LINES - 1 }, (_, j) => 1 + ((start + step * (j + 1)) % (products - 1)))]
      : Array.from({ length: LINES }, (_, j) => (start + step * j) % products)
    return { lines: indexes.map((index, j) => ({ index, quantity: 1 + ((i + j) % 3) })) }
  })
}

export const orderTotal = (shop: BenchShop, order: PlannedOrder) =>
  order.lines.reduce((sum, line) => sum + shop.prices[line.index] * line.quantity, 0)

/** The POS checkout's body: the lines, and cash covering the total (handed over in HK$100 notes). */
export const checkoutBody = (shop: BenchShop, order: PlannedOrder) => {
  const total = orderTotal(shop, order)
  return {
    source: 'pos',
    products: order.lines.map((line) => ({ product: shop.products[line.index], quantity: line.quantity })),
    payments: [{ method: 'cash', amount: total, received: Math.ceil(total / 10_000) * 10_000 }]
  }
}
