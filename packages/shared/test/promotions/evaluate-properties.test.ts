import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Evaluation } from '../../src/promotions/engine-types'
import { evaluate } from '../../src/promotions/evaluate'
import { lineArb, pricingArb } from './arbitraries'

const RUNS = { numRuns: 400 }
// A deep copy: the shared package has neither DOM nor Node types, so no structuredClone.
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** What each line carries in the end: its own discount plus its share of every order adjustment. */
const borneByLine = (result: Evaluation) => {
  const borne = new Map(result.lines.map((l) => [l.key, l.discount]))
  for (const adjustment of result.orderAdjustments)
    for (const share of adjustment.lines ?? []) borne.set(share.key, (borne.get(share.key) ?? 0) + share.amount)
  return borne
}

describe('evaluate: properties', () => {
  it('never gives a negative total, nor one above the undiscounted total', () => {
    fc.assert(
      fc.property(pricingArb(), ({ lines, context }) => {
        const result = evaluate({ lines }, context)
        expect(result.total).toBeGreaterThanOrEqual(0)
        expect(result.total).toBeLessThanOrEqual(result.subtotal)
        for (const line of result.lines) expect(line.total).toBeGreaterThanOrEqual(0)
      }),
      RUNS
    )
  })

  it('never takes more off a line than its subtotal, counting its share of order adjustments', () => {
    fc.assert(
      fc.property(pricingArb(), ({ lines, context }) => {
        const result = evaluate({ lines }, context)
        const borne = borneByLine(result)
        for (const line of result.lines) {
          expect(line.discount).toBeLessThanOrEqual(line.subtotal)
          expect(line.discount).toBe(line.adjustments.reduce((sum, a) => sum + a.amount, 0))
          expect(borne.get(line.key)).toBeLessThanOrEqual(line.subtotal)
        }
      }),
      RUNS
    )
  })

  it('adds up: lines’ discounts + order adjustments = discount; each rule’s amount is what its adjustments take', () => {
    fc.assert(
      fc.property(pricingArb(), ({ lines, context }) => {
        const result = evaluate({ lines }, context)
        const order = result.orderAdjustments.reduce((sum, a) => sum + a.amount, 0)
        expect(result.lines.reduce((sum, l) => sum + l.discount, 0) + order).toBe(result.discount)
        expect(result.subtotal - result.discount).toBe(result.total)
        for (const adjustment of result.orderAdjustments)
          expect((adjustment.lines ?? []).reduce((sum, s) => sum + s.amount, 0)).toBe(adjustment.amount)
        for (const applied of result.applied) {
          const onLines = result.lines.flatMap((l) => l.adjustments).filter((a) => a.rule === applied.rule)
          const onOrder = result.orderAdjustments.filter((a) => a.rule === applied.rule)
          expect([...onLines, ...onOrder].reduce((sum, a) => sum + a.amount, 0)).toBe(applied.amount)
        }
        for (const value of [result.total, result.discount, ...result.lines.map((l) => l.discount)])
          expect(Number.isSafeInteger(value)).toBe(true)
      }),
      RUNS
    )
  })

  it("never exceeds a rule's maxDiscount", () => {
    fc.assert(
      fc.property(pricingArb(), ({ lines, context }) => {
        const result = evaluate({ lines }, context)
        const rules = new Map(context.rules.map((r) => [r._id, r]))
        for (const applied of result.applied) {
          const cap = rules.get(applied.rule)?.maxDiscount
          if (cap != null) expect(applied.amount).toBeLessThanOrEqual(cap)
        }
      }),
      RUNS
    )
  })

  it('gives the same answer whatever the order of the rules', () => {
    fc.assert(
      fc.property(
        pricingArb().chain((input) =>
          fc
            .shuffledSubarray([...input.context.rules], { minLength: input.context.rules.length })
            .map((shuffled) => ({ ...input, shuffled }))
        ),
        ({ lines, context, shuffled }) => {
          expect(evaluate({ lines }, { ...context, rules: shuffled })).toEqual(evaluate({ lines }, context))
        }
      ),
      RUNS
    )
  })

  it('is deterministic and leaves its inputs alone', () => {
    fc.assert(
      fc.property(pricingArb(), ({ lines, context }) => {
        const before = clone({ lines, context })
        const first = evaluate({ lines }, context)
        expect(evaluate(clone({ lines }), clone(context))).toEqual(first)
        expect({ lines, context }).toEqual(before)
      }),
      RUNS
    )
  })

  it("adding an item never raises the other lines' discounts by more than the rules' caps", () => {
    fc.assert(
      fc.property(pricingArb(true), lineArb('added'), ({ lines, context }, added) => {
        const before = borneByLine(evaluate({ lines }, context))
        const after = borneByLine(evaluate({ lines: [...lines, added] }, context))
        const caps = context.rules.reduce((sum, r) => sum + (r.maxDiscount ?? 0), 0)
        const raised = lines.reduce((sum, l) => sum + Math.max(0, (after.get(l.key) ?? 0) - (before.get(l.key) ?? 0)), 0)
        expect(raised).toBeLessThanOrEqual(caps)
      }),
      RUNS
    )
  })
})
