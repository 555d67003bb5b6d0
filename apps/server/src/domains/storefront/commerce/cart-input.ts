import { BadRequest } from '@feathersjs/errors'
import { isObjectId, normalCouponCode } from '@emporia/shared'

/** A cart line as the customer's browser sends it: never a price (the server prices every line). */
export interface CartLineInput {
  product: string
  sku: string
  quantity: number
}

export interface CartInput {
  lines: CartLineInput[]
  coupons: string[]
}

export const MAX_CART_LINES = 100
export const MAX_LINE_QUANTITY = 9999
const MAX_COUPONS = 5

type Row = Record<string, unknown>
const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A 400 on the field that caused it, with a key the storefront translates (en, cht, chs). */
export const refuse = (field: string, message: string, key: string, values?: Record<string, string | number>) =>
  new BadRequest(message, { key, field, ...(values ? { values } : {}) })

export const readText = (body: Row, field: string, max: number, required: boolean, at = field): string | undefined => {
  const value = body[field]
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw refuse(at, 'Required', 'format.required')
    return undefined
  }
  if (typeof value !== 'string') throw refuse(at, 'Must be text', 'format.text')
  const text = value.trim()
  if (text.length > max) throw refuse(at, `At most ${max} characters`, 'format.tooLong', { length: max })
  return text
}

/**
 * The cart of a request body: 1–100 lines of {product, sku?, quantity} (whole units, 1–9999) and at
 * most five coupon codes. Anything else a line carries — a price above all — is ignored, so what the
 * customer pays is always what the server priced.
 */
export const readCart = (body: unknown): CartInput => {
  if (!isObject(body)) throw new BadRequest('Data must be an object')
  const raw = body.lines
  if (!Array.isArray(raw) || raw.length === 0) throw refuse('lines', 'Your cart is empty', 'storefront.cartEmpty')
  if (raw.length > MAX_CART_LINES)
    throw refuse('lines', `At most ${MAX_CART_LINES} items`, 'format.maxItems', { count: MAX_CART_LINES })
  const lines = raw.map((line: unknown, i): CartLineInput => {
    if (!isObject(line)) throw refuse(`lines.${i}`, 'Invalid value', 'format.invalid')
    if (!isObjectId(line.product)) throw refuse(`lines.${i}.product`, 'Invalid value', 'format.invalid')
    const sku = line.sku ?? ''
    if (typeof sku !== 'string' || sku.length > 64) throw refuse(`lines.${i}.sku`, 'Invalid value', 'format.invalid')
    const quantity = line.quantity
    if (typeof quantity !== 'number' || !Number.isInteger(quantity))
      throw refuse(`lines.${i}.quantity`, 'Must be a whole number', 'format.integer')
    if (quantity < 1)
      throw refuse(`lines.${i}.quantity`, 'Must be greater than or equal to 1', 'format.shouldGreaterOrEqual', { value: 1 })
    if (quantity > MAX_LINE_QUANTITY)
      throw refuse(`lines.${i}.quantity`, `Must be less than or equal to ${MAX_LINE_QUANTITY}`, 'format.shouldLessOrEqual', {
        value: MAX_LINE_QUANTITY
      })
    return { product: line.product, sku, quantity }
  })
  const sent = body.coupons ?? []
  if (!Array.isArray(sent) || sent.length > MAX_COUPONS)
    throw refuse('coupons', `At most ${MAX_COUPONS} items`, 'format.maxItems', { count: MAX_COUPONS })
  // One code once, however typed: `summer-10` and `SUMMER10` are the same code (decision 0139).
  const byNormal = new Map<string, string>()
  sent.forEach((code: unknown, i) => {
    if (typeof code !== 'string' || normalCouponCode(code) === '' || code.length > 64)
      throw refuse(`coupons.${i}`, 'Invalid value', 'format.invalid')
    if (!byNormal.has(normalCouponCode(code))) byNormal.set(normalCouponCode(code), code.trim())
  })
  const coupons = [...byNormal.values()]
  return { lines, coupons }
}
