import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { componentProblems } from '../../src/pages/component-problems'
import { dimensionEntry, formatColor, parseColor, parseDimension, sizeEntry, stepDimension } from '../../src/pages/css-values'
import type { ComponentModel, PageNode } from '../../src/pages/page.schema'
import { resolvePage, type ResolvedNode } from '../../src/pages/resolve-page'

const count = (nodes: ResolvedNode[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.children), 0)
const keys = (nodes: ResolvedNode[]): string[] => nodes.flatMap((node) => [node.key, ...keys(node.children)])

/** Trees of containers, loops over data or over the enclosing item, conditions and texts bound to items. */
const { tree } = fc.letrec<{ tree: PageNode[]; node: PageNode }>((tie) => ({
  tree: fc.array(tie('node'), { maxLength: 3 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      type: fc.constant('text'),
      props: fc.record({ text: fc.constantFrom({ $exp: '$$0.name' }, { $exp: 'title' }, 'Hi') })
    }),
    fc.record({ type: fc.constant('container'), props: fc.constant({}), children: tie('tree') }),
    fc.record({
      type: fc.constant('for'),
      props: fc.record({ source: fc.constantFrom({ $exp: 'items' }, { $exp: '$$0.tags' }, { $exp: 'missing' }) }),
      children: tie('tree')
    }),
    fc.record({
      type: fc.constant('if'),
      props: fc.record({
        conditions: fc.constantFrom(
          [],
          [{ value: { $exp: '$$0.name' }, op: 'em' }],
          [{ value: { $exp: 'title' }, op: 'eq', to: 'Hi' }]
        )
      }),
      children: tie('tree')
    })
  ) as fc.Arbitrary<PageNode>
}))

/** Ids made unique in walking order, as the editor gives them. */
const withIds = (nodes: PageNode[], next = { id: 0 }): PageNode[] =>
  nodes.map((node) => ({ ...node, id: `n${next.id++}`, children: node.children && withIds(node.children, next) }))

const itemsArb = fc.array(
  fc.record({
    name: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
    tags: fc.array(fc.record({ name: fc.string({ maxLength: 3 }) }), { maxLength: 4 })
  }),
  { maxLength: 6 }
)

describe('page resolution properties', () => {
  it('never throws, keys every node uniquely, stays within its node bound and gives the same tree twice', () => {
    fc.assert(
      fc.property(tree, itemsArb, fc.integer({ min: 1, max: 400 }), (content, items, maxNodes) => {
        const model: ComponentModel = {
          dataType: { items: 'object[]', title: 'string' },
          data: { items, title: 'Hi' },
          props: {},
          content: withIds(content)
        }
        const first = resolvePage(model, { locale: 'en', maxNodes })
        const all = keys(first.nodes)
        expect(new Set(all).size).toBe(all.length)
        expect(count(first.nodes)).toBeLessThanOrEqual(maxNodes)
        expect(resolvePage(model, { locale: 'en', maxNodes })).toEqual(first)
        // Structurally sound trees: the checker names only the bindings the generator gets wrong on purpose
        // (`$$0` outside a loop, `missing`, a loop over an item's non-list field).
        expect(
          componentProblems(model).every(
            (problem) => problem.key === 'pages.unknownVariable' || problem.key === 'pages.notAssignable'
          )
        ).toBe(true)
      })
    )
  })
})

describe('CSS value properties', () => {
  it('a typed dimension is never below 0, a size never below 1, a step never below its floor', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom('', 'px', 'em', '%', 'vw'), (value, unit) => {
        const text = `${value}${unit}`
        const dimension = dimensionEntry(text)
        if (typeof dimension === 'string') expect(parseDimension(dimension)!.value).toBeGreaterThanOrEqual(0)
        const size = sizeEntry(text)
        if (typeof size === 'string' && size !== 'auto') expect(parseDimension(size)!.value).toBeGreaterThanOrEqual(1)
        expect(parseDimension(stepDimension(dimension ?? null, -3))!.value).toBeGreaterThanOrEqual(0)
      })
    )
  })

  it('a stored colour reads back as the colour written (alpha in 0.01 steps)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('hex' as const, 'rgba' as const),
        (r, g, b, hundredths, mode) => {
          const color = { r, g, b, a: hundredths / 100 }
          expect(parseColor(formatColor(color, mode))).toEqual(color)
        }
      )
    )
  })
})
