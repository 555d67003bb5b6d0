import fc from 'fast-check'
import { discountTypes, type Discount } from '../../src/promotions/discount.schema'
import type { CartLine, EvaluateContext } from '../../src/promotions/engine-types'
import { rule } from './fixtures'

const PRODUCTS = ['pA', 'pB', 'pC', 'pD']
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
/** Present one time in four: a narrowing field on every rule would leave few rules applying. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })
const cents = (max: number) => fc.integer({ min: 0, max })
const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100)

/** Whole units mostly, weighed goods (three decimals) sometimes. */
const quantity = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }).map((milli) => milli / 1000) }
)

export const lineArb = (key: string): fc.Arbitrary<CartLine> =>
  fc.record({
    key: fc.constant(key),
    product: fc.constantFrom(...PRODUCTS),
    price: cents(50_000),
    quantity,
    categories: fc.subarray(['c1', 'c2']),
    brand: fc.constantFrom('b1', 'b2', null),
    tags: fc.subarray(['t1', 't2'])
  })

export const linesArb = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(`l${i}`))))

const filterArb = rarely(
  fc.record(
    {
      products: fc.subarray(PRODUCTS, { minLength: 1 }),
      categories: fc.subarray(['c1', 'c2'], { minLength: 1 }),
      tags: fc.subarray(['t1', 't2'])
    },
    { requiredKeys: [] }
  )
)

/** Any rule the schema allows, over the fixtures' products; `capped` gives every rule a maxDiscount. */
export const ruleArb = (id: string, capped = false): fc.Arbitrary<Discount> =>
  fc
    .record({
      type: fc.constantFrom(...discountTypes),
      avail: fc.constantFrom('pos', 'eshop', 'both', 'both') as fc.Arbitrary<Discount['avail']>,
      status: fc.constantFrom('valid', 'valid', 'valid', 'draft') as fc.Arbitrary<Discount['status']>,
      automatic: fc.constantFrom(true, true, false),
      product: rarely(fc.constantFrom(...PRODUCTS)),
      quantity: maybe(fc.integer({ min: 1, max: 5 })),
      freeItems: maybe(
        fc.array(fc.record({ product: fc.constantFrom(...PRODUCTS), quantity: fc.integer({ min: 1, max: 3 }) }), { maxLength: 2 })
      ),
      minPrice: rarely(cents(100_000)),
      minQty: maybe(fc.integer({ min: 0, max: 10 })),
      maxPrice: rarely(cents(100_000)),
      maxQty: rarely(fc.integer({ min: 0, max: 10 })),
      fixedDiscount: maybe(cents(20_000)),
      percentageDiscount: maybe(percent),
      maxDiscount: capped ? cents(5_000) : maybe(cents(20_000)),
      member: maybe(
        fc.record(
          {
            fixedDiscount: cents(5_000),
            maxDiscount: cents(5_000),
            maxQty: fc.integer({ min: 0, max: 10 }),
            minNonGroupQty: fc.integer({ min: 0, max: 3 }),
            minQty: fc.integer({ min: 0, max: 6 }),
            percentageDiscount: percent,
            stepQty: fc.integer({ min: 0, max: 4 }),
            unitDiscount: cents(1_000)
          },
          { requiredKeys: [] }
        )
      ),
      point: maybe(
        fc.record(
          { fixed: fc.integer({ min: 0, max: 100 }), percentage: percent, max: fc.integer({ min: 0, max: 500 }) },
          { requiredKeys: [] }
        )
      ),
      usePoint: maybe(
        fc.record(
          {
            ratio: fc.integer({ min: 1, max: 100 }),
            unit: fc.integer({ min: 0, max: 50 }),
            fixedMax: cents(20_000),
            percentageMax: percent
          },
          { requiredKeys: [] }
        )
      ),
      filters: filterArb,
      efilter: filterArb,
      conditionOr: fc.boolean(),
      exclusive: fc.boolean(),
      exclusiveInclude: fc.boolean(),
      exclusiveKey: maybe(fc.constantFrom('g1', 'g2')),
      grouping: fc.boolean(),
      matchLoopQuantity: fc.boolean(),
      priority: fc.integer({ min: -2, max: 2 }),
      suggest: fc.boolean()
    })
    .map((fields) => rule(id, fields))

export const rulesArb = (capped = false) =>
  fc.integer({ min: 0, max: 8 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(`r${i}`, capped))))

export const contextArb = (rules: Discount[]): fc.Arbitrary<EvaluateContext> =>
  fc.record({
    rules: fc.constant(rules),
    channel: fc.constantFrom('pos', 'eshop') as fc.Arbitrary<EvaluateContext['channel']>,
    customer: fc.constant({ id: 'u1', rank: 'gold' }),
    points: fc.record({ '': fc.integer({ min: 0, max: 1000 }) }),
    usePoints: fc.record({ '': fc.integer({ min: 0, max: 1000 }) }),
    chosen: fc.subarray(rules.map((r) => r._id)),
    now: fc.constant('2026-11-25T04:00:00.000Z'),
    timeZone: fc.constant('Asia/Hong_Kong')
  })

/** A cart, rules and a context to price them in. */
export const pricingArb = (capped = false) =>
  fc.tuple(linesArb, rulesArb(capped)).chain(([lines, rules]) => contextArb(rules).map((context) => ({ lines, context })))
