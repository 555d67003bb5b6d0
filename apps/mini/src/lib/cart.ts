/** One line of the cart as the phone keeps it: never a price (the server prices every line). */
export interface CartLine {
  product: string
  sku: string
  quantity: number
  /** What the line is called and shows until the server's answer names it. */
  name?: string
  image?: string
}

export interface Cart {
  lines: CartLine[]
  coupons: string[]
}

/** The server's limits (cart-input.ts): whole units 1–9999, at most 100 lines. */
export const MAX_QUANTITY = 9999
export const MAX_LINES = 100

export const emptyCart = (): Cart => ({ lines: [], coupons: [] })

const clamp = (quantity: number) => Math.max(1, Math.min(MAX_QUANTITY, Math.floor(quantity)))

/** The cart with this product (and SKU) added: the same line grows, a new one is appended. */
export const addLine = (cart: Cart, line: CartLine): Cart => {
  const same = cart.lines.find((known) => known.product === line.product && known.sku === line.sku)
  if (same)
    return {
      ...cart,
      lines: cart.lines.map((known) => (known === same ? { ...known, quantity: clamp(known.quantity + line.quantity) } : known))
    }
  if (cart.lines.length >= MAX_LINES) return cart
  return { ...cart, lines: [...cart.lines, { ...line, quantity: clamp(line.quantity) }] }
}

/** The cart with one line's quantity set; zero or less takes the line out. */
export const setQuantity = (cart: Cart, product: string, sku: string, quantity: number): Cart => ({
  ...cart,
  lines:
    quantity < 1
      ? cart.lines.filter((line) => !(line.product === product && line.sku === sku))
      : cart.lines.map((line) => (line.product === product && line.sku === sku ? { ...line, quantity: clamp(quantity) } : line))
})

/** How many items the cart holds (the badge). */
export const itemCount = (cart: Cart) => cart.lines.reduce((sum, line) => sum + line.quantity, 0)

/** What the server's cart and checkout calls take: product, SKU and quantity, and the coupons. */
export const cartBody = (cart: Cart) => ({
  lines: cart.lines.map(({ product, sku, quantity }) => ({ product, sku, quantity })),
  coupons: cart.coupons
})

/** A stored cart, or an empty one when what is stored is not one this version reads. */
export const readCart = (stored: unknown): Cart => {
  const value = stored as Partial<Cart> | null | undefined
  if (!value || !Array.isArray(value.lines) || !Array.isArray(value.coupons)) return emptyCart()
  const lines = value.lines.filter(
    (line): line is CartLine =>
      typeof line?.product === 'string' && typeof line.sku === 'string' && Number.isInteger(line.quantity) && line.quantity > 0
  )
  return { lines, coupons: value.coupons.filter((code): code is string => typeof code === 'string') }
}

/** The total of the goods plus the chosen delivery's fee (cents), as the checkout shows it. */
export const dueWithDelivery = (total: number, fee = 0) => total + fee
