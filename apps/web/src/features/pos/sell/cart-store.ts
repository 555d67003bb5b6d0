import { unitsProblem } from '@emporia/shared'

/*
 * The order being rung up (spec §4.8; decision 0098): a pure reducer, so every rule of the till is tested
 * without a browser. Prices are what the catalogue says (or an embedded price barcode's); the server
 * prices the order again, the engine here only shows what it will be.
 */

export interface SellLine {
  /** Stable within the order: the engine's line key and React's. */
  id: string
  product: string
  sku?: string
  name: unknown
  /** Unit price in cents as the catalogue gives it, shown only; never sent unless `fixedPrice`. */
  price: number
  quantity: number
  weighted: boolean
  /** The unit weighed goods are sold in ("0.35 斤" on the line, decision 0162); none for counted goods. */
  unit?: string | null
  /** From a price barcode: the line's price is the label's and is sent with the order. */
  fixedPrice?: boolean
  /** The embedded code the line came from: the same label twice is a double scan. */
  label?: string
  code?: string
}

export interface Person {
  _id: string
  name: string
}
export interface Member extends Person {
  rank?: string | null
  points?: Record<string, number>
}

export interface CartState {
  /** An order is open for items (spec §4.8 "Please New Order First"). */
  open: boolean
  /** The order's client id, also its idempotencyKey; a fresh one per new order. */
  clientId: string
  lines: SellLine[]
  member: Member | null
  staff: Person | null
  /** Non-automatic rules picked (a bundle discount). */
  chosenDiscounts: string[]
  /** "Purchase Single Product": no bundle picked on purpose. */
  single: boolean
  /** Lines added since the last new order, hold or payment: leaving would lose them. */
  nextLine: number
  /** The cashier confirmed the customer's age for this sale (decision 0196): asked once, sent as `ageConfirmed`. */
  ageConfirmed?: boolean
}

export type CartAction =
  | { type: 'new'; clientId: string }
  | { type: 'clear' }
  /** Opens the order (with `clientId`) when none is open: the cashier's autoNewOrder (checked by addProblem). */
  | { type: 'add'; line: Omit<SellLine, 'id'>; clientId?: string }
  | { type: 'quantity'; index: number; quantity: number }
  | { type: 'remove'; index: number }
  | { type: 'member'; member: Member | null }
  | { type: 'staff'; staff: Person | null }
  | { type: 'discount'; chosen: string[] }
  | { type: 'single' }
  /** The cashier checked the customer's ID for age-restricted goods: the rest of this sale is not asked again. */
  | { type: 'ageConfirmed' }
  | { type: 'clone'; clientId: string; lines: Omit<SellLine, 'id'>[] }
  | { type: 'resume'; state: CartState }
  | { type: 'paid' }

export const emptyCart = (clientId = ''): CartState => ({
  open: false,
  clientId,
  lines: [],
  member: null,
  staff: null,
  chosenDiscounts: [],
  single: false,
  nextLine: 1
})

/** The same goods again add to the line, unless weighed or priced by their label (each is its own pack). */
const sameGoods = (line: SellLine, next: Omit<SellLine, 'id'>) =>
  line.product === next.product &&
  (line.sku ?? '') === (next.sku ?? '') &&
  !line.weighted &&
  !line.fixedPrice &&
  !next.weighted &&
  !next.fixedPrice

export const cartReducer = (state: CartState, action: CartAction): CartState => {
  switch (action.type) {
    case 'new':
      return { ...emptyCart(action.clientId), open: true }
    case 'clear':
      return { ...state, lines: [], member: null, staff: null, chosenDiscounts: [], single: false, ageConfirmed: false }
    case 'add': {
      if (!state.open) state = { ...state, open: true, clientId: action.clientId ?? state.clientId }
      const at = state.lines.findIndex((line) => sameGoods(line, action.line))
      if (at >= 0)
        return {
          ...state,
          lines: state.lines.map((line, i) => (i === at ? { ...line, quantity: line.quantity + action.line.quantity } : line))
        }
      return { ...state, lines: [...state.lines, { ...action.line, id: String(state.nextLine) }], nextLine: state.nextLine + 1 }
    }
    case 'quantity': {
      const line = state.lines[action.index]
      if (!line || quantityProblem(line, action.quantity)) return state
      return { ...state, lines: state.lines.map((l, i) => (i === action.index ? { ...l, quantity: action.quantity } : l)) }
    }
    case 'remove':
      return { ...state, lines: state.lines.filter((_, i) => i !== action.index) }
    case 'member':
      return { ...state, member: action.member }
    case 'staff':
      return { ...state, staff: action.staff }
    case 'discount':
      return { ...state, chosenDiscounts: action.chosen, single: false }
    case 'single':
      return { ...state, chosenDiscounts: [], single: true }
    case 'ageConfirmed':
      return { ...state, ageConfirmed: true }
    case 'clone':
      return {
        ...emptyCart(action.clientId),
        open: true,
        lines: action.lines.map((line, i) => ({ ...line, id: String(i + 1) })),
        nextLine: action.lines.length + 1
      }
    case 'resume':
      return action.state
    case 'paid':
      return emptyCart()
  }
}

export interface Problem {
  key: string
  values?: Record<string, unknown>
}

/** Why a quantity cannot be set (shared rules: whole units unless weighed, thousandths at most), or null. */
export const quantityProblem = (line: Pick<SellLine, 'weighted' | 'fixedPrice'>, quantity: number): Problem | null => {
  if (!Number.isFinite(quantity) || quantity <= 0) return { key: 'format.shouldGreater', values: { value: 0 } }
  if (quantity > 1_000_000) return { key: 'format.shouldLessOrEqual', values: { value: 1_000_000 } }
  // A label's price is for its one pack: more packs are scanned, not typed.
  if (line.fixedPrice && quantity !== 1) return { key: 'pos.sell.fixedPriceQuantity' }
  return unitsProblem(quantity, line.weighted) ?? null
}

/** Unsaved work: leaving, or starting another order, would lose it. */
export const hasUnsaved = (state: CartState) => state.open && state.lines.length > 0

export interface SellContext {
  /** The shop keeps a cashbox log and this drawer has no open count (spec §4.8). */
  needsCashCheck: boolean
  /** The cashier starts an order by itself on the first item. */
  autoNewOrder: boolean
  /** The shop checks ages (shop flag ageRestricted, decision 0178). */
  ageCheck?: boolean
}

/**
 * Should the till ask the customer's age before this product goes on the sale (decision 0196)? While the
 * shop checks ages, for a product the catalogue marks `ageRestricted`, once per sale. The server still has
 * the last word: a product the stored catalogue did not mark is refused there and asked then (0178).
 */
export const asksAge = (state: CartState, context: SellContext, product: { ageRestricted?: boolean | null }): boolean =>
  context.ageCheck === true && product.ageRestricted === true && state.ageConfirmed !== true

/** Why an item cannot be added now (a message key), or null. */
export const addProblem = (state: CartState, context: SellContext): string | null => {
  if (context.needsCashCheck) return 'pos.requiresCashCheck'
  if (!state.open && !context.autoNewOrder) return 'pos.sell.newOrderFirst'
  return null
}

/** Why the order cannot be paid (a message key), or null. */
export const payProblem = (state: CartState, context: SellContext): string | null => {
  if (context.needsCashCheck) return 'pos.requiresCashCheck'
  if (!state.open || !state.lines.length) return 'pos.sell.emptyOrder'
  return null
}

/** An order parked to be taken up again (spec §4.8 hold). */
export interface HeldOrder {
  id: string
  at: string
  state: CartState
}
