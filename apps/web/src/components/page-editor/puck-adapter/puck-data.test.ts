import { describe, expect, it } from 'vitest'
import { componentProblems, themeComponentNames, themeComponentSpec, type PageNode } from '@emporia/shared'
import { canonicalTree, fromPuckData, propKey, slotKey, toPuckData } from './puck-data'

/** A node of every catalogue type with each of its props set (defaults, or an expression for the first). */
const sampleNode = (type: string, index: number): PageNode => {
  const spec = themeComponentSpec(type)!
  const props: Record<string, unknown> = {}
  Object.entries(spec.props).forEach(([name, prop], position) => {
    props[name] = position === 0 && type !== 'menuItem' ? { $exp: 'title' } : (prop.default ?? null)
  })
  const node: PageNode = { id: `${type}-${index}`, type, props }
  if (spec.children) {
    node.children = [{ id: `${type}-${index}-a`, type: 'text', props: { text: 'a' } }]
    for (const slot of spec.slots ?? [])
      node.children.push({ id: `${type}-${index}-${slot}`, type: 'text', slot, props: { text: slot } })
  }
  return node
}

describe('the Puck adapter round trip (decision 0111)', () => {
  it('PageNode → Puck → PageNode is identity for every catalogue type', () => {
    for (const [index, type] of themeComponentNames.entries()) {
      const tree = [sampleNode(type, index)]
      expect(fromPuckData(toPuckData(tree)), type).toEqual(tree)
    }
  })

  it('keeps a whole page: nesting, loops with data sources, if/else, placed components', () => {
    const tree: PageNode[] = [
      { id: 'h', type: 'header', props: { items: [{ type: 'logo' }, { type: 'item', name: { en: 'Shop' }, to: '/shop' }] } },
      {
        id: 'loop',
        type: 'for',
        props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 4 } } } } } },
        children: [
          {
            id: 'cond',
            type: 'if',
            props: { conditions: [{ value: { $exp: '$$0.dprice' }, op: 'em', to: '' }] },
            children: [
              { id: 'yes', type: 'text', props: { text: { $exp: '$$0.name' } } },
              { id: 'no', type: 'text', slot: 'else', props: { text: 'sale' } }
            ]
          }
        ]
      },
      { id: 'placed', type: 'component', component: 'a'.repeat(24), props: { id: 'x', children: 'y' } }
    ]
    const data = toPuckData(tree)
    expect(data.content.map((item) => item.type)).toEqual(['header', 'for', `c_${'a'.repeat(24)}`])
    // A stored component's props named like Puck's own keys do not collide with them.
    expect(data.content[2].props).toMatchObject({ id: 'placed', [propKey('id')]: 'x', [propKey('children')]: 'y' })
    const loop = data.content[1].props[slotKey('main')] as { props: Record<string, unknown> }[]
    expect(loop[0].props[slotKey('else')]).toHaveLength(1)
    expect(fromPuckData(data)).toEqual(tree)
  })

  it('a tree that checks out before the round trip checks out after it', () => {
    const tree = themeComponentNames.map((type, index) => sampleNode(type, index))
    const model = { dataType: { title: 'tran' }, data: { title: 'Hi' }, props: {}, content: tree }
    const before = componentProblems(model).length
    expect(componentProblems({ ...model, content: fromPuckData(toPuckData(tree)) })).toHaveLength(before)
  })

  it('puts a tree in canonical order: main children before else, no empty children', () => {
    const tree: PageNode[] = [
      {
        id: 'c',
        type: 'if',
        props: {},
        children: [
          { id: 'e', type: 'text', slot: 'else', props: {} },
          { id: 'm', type: 'text', props: {}, children: [] }
        ]
      }
    ]
    const canonical = canonicalTree(tree)
    expect(canonical[0].children!.map((child) => child.id)).toEqual(['m', 'e'])
    expect(canonical[0].children![0].children).toBeUndefined()
    expect(fromPuckData(toPuckData(tree))).toEqual(canonical)
  })
})
