import { multiplyCents } from '../platform/money'
import type { Cart, EvaluateContext, Evaluation } from './engine-types'

// PLACEHOLDER until the engine lands (issue 15): prices the cart with no rule applied.
export const evaluate = (cart: Cart, _context: EvaluateContext): Evaluation => {
  const lines = cart.lines.map((line) => {
    const subtotal = multiplyCents(line.price, line.quantity)
    return { key: line.key, subtotal, discount: 0, total: subtotal, adjustments: [] }
  })
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0)
  return { lines, orderAdjustments: [], subtotal, discount: 0, total: subtotal, applied: [], rejected: [], suggestions: [] }
}
