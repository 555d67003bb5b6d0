import { describe, expect, it } from 'vitest'
import {
  addProblem,
  asksAge,
  cartReducer,
  emptyCart,
  hasUnsaved,
  payProblem,
  quantityProblem,
  type CartState,
  type SellLine
} from './cart-store'

const line = (product: string, extra: Partial<SellLine> = {}): Omit<SellLine, 'id'> => ({
  product,
  name: product,
  price: 500,
  quantity: 1,
  weighted: false,
  ...extra
})
const run = (state: CartState, ...actions: Parameters<typeof cartReducer>[1][]) => actions.reduce(cartReducer, state)
const open = () => cartReducer(emptyCart(), { type: 'new', clientId: 'order-1' })

describe('cartReducer', () => {
  it('adds the same goods to one line and other goods as new lines', () => {
    const state = run(
      open(),
      { type: 'add', line: line('a') },
      { type: 'add', line: line('a') },
      { type: 'add', line: line('b') }
    )
    expect(state.lines.map((l) => [l.product, l.quantity, l.id])).toEqual([
      ['a', 2, '1'],
      ['b', 1, '2']
    ])
  })

  it('keeps a SKU, a weighed pack and a labelled pack on lines of their own', () => {
    const state = run(
      open(),
      { type: 'add', line: line('a', { sku: 's' }) },
      { type: 'add', line: line('a', { sku: 'm' }) },
      { type: 'add', line: line('w', { weighted: true, quantity: 0.25 }) },
      { type: 'add', line: line('w', { weighted: true, quantity: 0.5 }) },
      { type: 'add', line: line('p', { fixedPrice: true, price: 990 }) },
      { type: 'add', line: line('p', { fixedPrice: true, price: 990 }) }
    )
    expect(state.lines).toHaveLength(6)
  })

  it('sets a quantity only when it fits the goods: whole units, or thousandths when weighed', () => {
    let state = run(open(), { type: 'add', line: line('a') }, { type: 'add', line: line('w', { weighted: true }) })
    state = run(state, { type: 'quantity', index: 0, quantity: 1.5 }, { type: 'quantity', index: 1, quantity: 1.2345 })
    expect(state.lines.map((l) => l.quantity)).toEqual([1, 1])
    state = run(state, { type: 'quantity', index: 0, quantity: 3 }, { type: 'quantity', index: 1, quantity: 1.234 })
    expect(state.lines.map((l) => l.quantity)).toEqual([3, 1.234])
    expect(quantityProblem({ weighted: false }, 1.5)?.key).toBe('format.integer')
    expect(quantityProblem({ weighted: true }, 1.2345)?.key).toBe('format.multipleOf')
    expect(quantityProblem({ weighted: false }, 0)?.key).toBe('format.shouldGreater')
    expect(quantityProblem({ weighted: false, fixedPrice: true }, 2)?.key).toBe('pos.sell.fixedPriceQuantity')
    expect(quantityProblem({ weighted: true }, 0.001)).toBeNull()
  })

  it('removes a line, clears the order but keeps it open, and starts afresh on new', () => {
    let state = run(open(), { type: 'add', line: line('a') }, { type: 'add', line: line('b') }, { type: 'remove', index: 0 })
    expect(state.lines.map((l) => l.product)).toEqual(['b'])
    state = run(state, { type: 'member', member: { _id: 'm', name: 'Mia' } }, { type: 'clear' })
    expect(state).toMatchObject({ open: true, lines: [], member: null, clientId: 'order-1' })
    expect(run(state, { type: 'new', clientId: 'order-2' })).toMatchObject({ open: true, clientId: 'order-2', lines: [] })
  })

  it('clones lines into a new order with a new client id and fresh line ids', () => {
    const state = cartReducer(emptyCart(), { type: 'clone', clientId: 'order-3', lines: [line('a', { quantity: 2 }), line('b')] })
    expect(state).toMatchObject({ open: true, clientId: 'order-3', nextLine: 3 })
    expect(state.lines.map((l) => [l.id, l.product, l.quantity])).toEqual([
      ['1', 'a', 2],
      ['2', 'b', 1]
    ])
  })

  it('picks a bundle discount or "Purchase Single Product", one excluding the other', () => {
    let state = run(open(), { type: 'discount', chosen: ['d1'] })
    expect(state).toMatchObject({ chosenDiscounts: ['d1'], single: false })
    state = run(state, { type: 'single' })
    expect(state).toMatchObject({ chosenDiscounts: [], single: true })
  })

  it('resumes a held order as it was, and closes the order once paid', () => {
    const held = run(open(), { type: 'add', line: line('a') }, { type: 'staff', staff: { _id: 's', name: 'Sam' } })
    expect(run(emptyCart(), { type: 'resume', state: held })).toBe(held)
    expect(run(held, { type: 'paid' })).toMatchObject({ open: false, lines: [] })
  })
})

describe('the till rules (spec §4.8)', () => {
  const context = { needsCashCheck: false, autoNewOrder: false }

  it('asks for the start cash check before anything is sold', () => {
    expect(addProblem(open(), { ...context, needsCashCheck: true })).toBe('pos.requiresCashCheck')
    expect(payProblem(run(open(), { type: 'add', line: line('a') }), { ...context, needsCashCheck: true })).toBe(
      'pos.requiresCashCheck'
    )
  })

  it('asks for a new order first unless the cashier opens one by itself', () => {
    expect(addProblem(emptyCart(), context)).toBe('pos.sell.newOrderFirst')
    expect(addProblem(emptyCart(), { ...context, autoNewOrder: true })).toBeNull()
    expect(addProblem(open(), context)).toBeNull()
  })

  it('refuses to pay an empty order', () => {
    expect(payProblem(open(), context)).toBe('pos.sell.emptyOrder')
    expect(payProblem(emptyCart(), context)).toBe('pos.sell.emptyOrder')
    expect(payProblem(run(open(), { type: 'add', line: line('a') }), context)).toBeNull()
  })

  it('counts an open order with lines as unsaved', () => {
    expect(hasUnsaved(open())).toBe(false)
    expect(hasUnsaved(run(open(), { type: 'add', line: line('a') }))).toBe(true)
  })
})

describe('an order opened by its first item (autoNewOrder)', () => {
  it('opens with the given client id and keeps a member picked before', () => {
    let state = cartReducer(emptyCart(), { type: 'member', member: { _id: 'm', name: 'Mia' } })
    state = cartReducer(state, { type: 'add', line: line('a'), clientId: 'auto-1' })
    state = cartReducer(state, { type: 'add', line: line('b'), clientId: 'auto-2' })
    expect(state).toMatchObject({ open: true, clientId: 'auto-1', member: { _id: 'm' } })
    expect(state.lines.map((l) => l.product)).toEqual(['a', 'b'])
  })
})

describe('the age check when a product is added (decision 0196)', () => {
  const checks = { needsCashCheck: false, autoNewOrder: true, ageCheck: true }
  const wine = { ageRestricted: true }
  const tea = {}

  it('asks for the first age-restricted product of a sale, and only while the shop checks ages', () => {
    expect(asksAge(open(), checks, wine)).toBe(true)
    expect(asksAge(open(), checks, tea)).toBe(false)
    expect(asksAge(open(), { ...checks, ageCheck: false }, wine)).toBe(false)
    expect(asksAge(open(), { needsCashCheck: false, autoNewOrder: true }, wine)).toBe(false)
  })

  it('asks once per sale: confirmed, the rest of the sale is not asked again, and a new sale asks again', () => {
    const confirmed = run(open(), { type: 'ageConfirmed' }, { type: 'add', line: line('wine') })
    expect(confirmed.ageConfirmed).toBe(true)
    expect(asksAge(confirmed, checks, wine)).toBe(false)
    // A sale started by its first item (autoNewOrder) keeps the answer given just before.
    const started = run(emptyCart(), { type: 'ageConfirmed' }, { type: 'add', line: line('wine'), clientId: 'order-2' })
    expect(started).toMatchObject({ open: true, clientId: 'order-2', ageConfirmed: true })
    expect(asksAge(run(confirmed, { type: 'paid' }), checks, wine)).toBe(true)
    expect(asksAge(run(confirmed, { type: 'new', clientId: 'order-3' }), checks, wine)).toBe(true)
    expect(asksAge(run(confirmed, { type: 'clear' }), checks, wine)).toBe(true)
    // A held sale taken up again keeps its answer.
    expect(asksAge(run(emptyCart(), { type: 'resume', state: confirmed }), checks, wine)).toBe(false)
  })
})
