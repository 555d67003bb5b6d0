import { describe, expect, it } from 'vitest'
import { describeFetch, fetchKey, collectFetches } from '../../src/pages/fetch-source'
import type { ComponentModel, PageNode } from '../../src/pages/page.schema'
import { componentScope, resolvePage, type ResolvedNode } from '../../src/pages/resolve-page'
import { featured, featuredSource, home, products } from './fixtures'

const fetchedFor = (component: ComponentModel, answers: unknown[], components = {}) =>
  Object.fromEntries(collectFetches(component, components).map((call, index) => [fetchKey(call), answers[index]]))
const find = (nodes: ResolvedNode[], key: string): ResolvedNode | undefined => {
  for (const node of nodes) {
    if (node.key === key) return node
    const inner = find(node.children, key)
    if (inner) return inner
  }
  return undefined
}
const keys = (nodes: ResolvedNode[]): string[] => nodes.flatMap((node) => [node.key, ...keys(node.children)])
const pages = [{ component: 'c-list', path: '/list' }]
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe('resolving a page tree (spec §3.15)', () => {
  const fetched = fetchedFor(home, [products])

  it('asks for the data source it needs, described once', () => {
    expect(collectFetches(home)).toEqual([describeFetch(featuredSource)])
  })

  it('binds data variables, picks texts in the page language and types props for rendering', () => {
    const { nodes, problems } = resolvePage(home, { locale: 'cht', fetched, pages })
    expect(problems).toEqual([])
    expect(find(nodes, 'title')!.props).toEqual({ text: '歡迎', tag: 'h1', css: { fontSize: '24px' } })
    expect(find(nodes, 'grid')!.props).toMatchObject({ gap: '8px', wrap: true, direction: 'row' })
    const header = find(nodes, 'header')!
    expect(header.props.height).toBe('72px')
    expect(header.props.items).toEqual([
      { type: 'logo', width: '100%', height: '100%', padding: '0px', childs: [] },
      { type: 'item', name: '商店', to: { href: '/list', external: false }, align: 'start', justify: 'start', childs: [] },
      { type: 'lang', showFlag: true, childs: [] }
    ])
  })

  it('expands a for once per item; $$0 is the innermost item, $$1 the enclosing one', () => {
    const { nodes } = resolvePage(home, { locale: 'en', fetched, pages })
    expect(find(nodes, 'grid/each[0]/name')!.props.text).toBe('Green tea')
    expect(find(nodes, 'grid/each[1]/name')!.props.text).toBe('Black tea')
    const pictures = find(nodes, 'grid/each[0]/pics')!.children
    expect(pictures.map((node) => node.props.image)).toEqual(products[0].images)
    // The inner loop's $$1 is the product of the outer loop.
    expect(pictures.map((node) => node.props.text)).toEqual(['Green tea', 'Green tea'])
    expect(find(nodes, 'grid/each[1]/pics')!.children).toEqual([])
  })

  it('keeps the if branch that holds: em on a missing discount shows the price, else the discounted one', () => {
    const { nodes } = resolvePage(home, { locale: 'en', fetched, pages })
    expect(find(nodes, 'grid/each[0]/sale')!.children.map((node) => [node.key, node.props.text])).toEqual([
      ['grid/each[0]/sale/price', '1200']
    ])
    expect(find(nodes, 'grid/each[1]/sale')!.children.map((node) => [node.key, node.props.text])).toEqual([
      ['grid/each[1]/sale/dprice', '700']
    ])
  })

  it('renders an empty loop until the data source is answered, and every key is unique', () => {
    const { nodes } = resolvePage(home, { locale: 'en', pages })
    expect(find(nodes, 'grid/each')!.children).toEqual([])
    const all = keys(resolvePage(home, { locale: 'en', fetched, pages }).nodes)
    expect(new Set(all).size).toBe(all.length)
  })

  it('gives the same tree for the same model and answers (editor and storefront), without changing the model', () => {
    const before = JSON.stringify(home)
    const first = resolvePage(home, { locale: 'en', fetched, pages })
    expect(resolvePage(copy(home), { locale: 'en', fetched: copy(fetched), pages })).toEqual(first)
    expect(JSON.stringify(home)).toBe(before)
  })

  it('falls back to defaults for values of the wrong type and marks interactive islands', () => {
    const model: ComponentModel = {
      dataType: {},
      data: {},
      props: {},
      content: [
        {
          id: 's',
          type: 'slider',
          props: { height: 'tall', autoplay: 'yes', items: [{ image: 'javascript:x', to: 'https://a.b', text: 'Hi' }] }
        },
        { id: 'b', type: 'button', props: { to: 'javascript:alert(1)', variant: 'huge', color: '#abc' } }
      ]
    }
    const { nodes } = resolvePage(model, { locale: 'en' })
    expect(nodes[0]).toMatchObject({ island: true, props: { height: '400px', autoplay: true } })
    expect(nodes[0].props.items).toEqual([{ image: undefined, to: { href: 'https://a.b', external: true }, text: 'Hi' }])
    expect(nodes[1].island).toBeUndefined()
    expect(nodes[1].props).toMatchObject({ to: undefined, variant: 'contained', color: '#abc' })
  })
})

describe('stored components placed in a page', () => {
  const card: ComponentModel = {
    _id: 'card',
    dataType: { label: 'tran' },
    data: { label: { $exp: 'product.name' } },
    props: { product: { type: 'product' }, note: { type: 'string', default: 'New' } },
    content: [
      { id: 'label', type: 'text', props: { text: { $exp: 'label' } } },
      { id: 'note', type: 'text', props: { text: { $exp: 'note' } } },
      { id: 'outer', type: 'text', props: { text: { $exp: '$$0.name' } } }
    ]
  }
  const page: ComponentModel = {
    dataType: { products: 'product[]' },
    data: { products: featured },
    props: {},
    content: [
      {
        id: 'each',
        type: 'for',
        props: { source: { $exp: 'products' } },
        children: [{ id: 'card', type: 'component', component: 'card', props: { product: { $exp: '$$0' } } }]
      }
    ]
  }

  it('passes props (or their defaults) into the component; its data reads them; loops do not cross in', () => {
    const fetched = fetchedFor(page, [products], { card })
    const { nodes, problems } = resolvePage(page, { locale: 'en', fetched, components: { card } })
    expect(problems).toEqual([])
    const placed = nodes[0].children[0]
    expect(placed).toMatchObject({ key: 'each[0]/card', type: 'component' })
    expect(placed.children.map((node) => node.props.text)).toEqual(['Green tea', 'New', ''])
  })

  it('evaluates data variables in the order written, each reading the ones before it', () => {
    const scope = componentScope(
      {
        dataType: {},
        data: { before: { $exp: 'first' }, first: { $exp: 'items.0' }, items: [5, 6], after: { $exp: 'first' } },
        props: {},
        content: []
      },
      {}
    )
    expect(scope.data).toEqual({ before: undefined, first: undefined, items: [5, 6], after: undefined })
    const ordered = componentScope(
      { dataType: {}, data: { items: [5, 6], first: { $exp: 'items.0' }, after: { $exp: 'first' } }, props: {}, content: [] },
      {}
    )
    expect(ordered.data).toEqual({ items: [5, 6], first: 5, after: 5 })
  })

  it('takes the root props the storefront gives (a product page)', () => {
    const { nodes } = resolvePage(card, { locale: 'en', props: { product: products[1], note: 'Sale' } })
    expect(nodes.map((node) => node.props.text)).toEqual(['Black tea', 'Sale', ''])
  })

  it('leaves out unknown components and components placing themselves, and says so', () => {
    const loop: ComponentModel = {
      _id: 'loop',
      dataType: {},
      data: {},
      props: {},
      content: [{ id: 'me', type: 'component', component: 'loop', props: {} }]
    }
    const ring = resolvePage(loop, { locale: 'en', components: { loop } })
    expect(ring.nodes).toEqual([])
    expect(ring.problems).toEqual([{ key: 'pages.componentLoop', node: 'me' }])
    const unknown = resolvePage(
      {
        dataType: {},
        data: {},
        props: {},
        content: [
          { id: 'x', type: 'marquee', props: {} },
          { id: 'y', type: 'component', component: 'gone', props: {} }
        ]
      },
      { locale: 'en' }
    )
    expect(unknown.problems).toEqual([
      { key: 'pages.unknownComponent', node: 'x' },
      { key: 'pages.unknownComponent', node: 'y' }
    ])
  })
})

describe('bounds on the work of one page', () => {
  const many = Array.from({ length: 1000 }, (_, index) => ({ name: `P${index}` }))
  const grid = (limit?: number): ComponentModel => ({
    dataType: { items: 'product[]' },
    data: { items: many },
    props: {},
    content: [
      {
        id: 'each',
        type: 'for',
        props: limit === undefined ? { source: { $exp: 'items' } } : { source: { $exp: 'items' }, limit },
        children: [{ id: 't', type: 'text', props: { text: { $exp: '$$0.name' } } }]
      }
    ]
  })

  it('a for shows at most its limit, and the renderer cap past that (saying so)', () => {
    expect(resolvePage(grid(3), { locale: 'en' }).nodes[0].children).toHaveLength(3)
    const capped = resolvePage(grid(), { locale: 'en', maxLoopItems: 50 })
    expect(capped.nodes[0].children).toHaveLength(50)
    expect(capped.problems).toEqual([{ key: 'pages.tooLarge', node: 'each' }])
    expect(resolvePage(grid(3), { locale: 'en', maxLoopItems: 50 }).problems).toEqual([])
  })

  it('produces at most maxNodes nodes whatever the page', () => {
    const nested = (depth: number): PageNode => ({
      id: `n${depth}`,
      type: 'for',
      props: { source: { $exp: 'items' } },
      children: depth ? [nested(depth - 1)] : []
    })
    const model: ComponentModel = { dataType: { items: 'product[]' }, data: { items: many }, props: {}, content: [nested(4)] }
    const { nodes, problems } = resolvePage(model, { locale: 'en', maxNodes: 300 })
    expect(keys(nodes).length).toBeLessThanOrEqual(300)
    expect(problems).toContainEqual({ key: 'pages.tooLarge' })
  })
})

describe('money texts (a bound price in cents shown as money)', () => {
  const priced = (text: unknown, format?: string): ComponentModel => ({
    dataType: { price: 'number' },
    data: { price: text as number },
    props: {},
    content: [{ id: 'p', type: 'text', props: format ? { text: { $exp: 'price' }, format } : { text: { $exp: 'price' } } }]
  })
  const shown = (model: ComponentModel) => resolvePage(model, { locale: 'en' }).nodes[0].props

  it('formats whole cents with the symbol, thousands and two decimals; leaves other texts alone', () => {
    expect(shown(priced(123456, 'money'))).toEqual({ text: '$1,234.56', tag: 'p', css: {} })
    expect(shown(priced(-5, 'money')).text).toBe('-$0.05')
    expect(shown(priced(0, 'money')).text).toBe('$0.00')
    expect(shown(priced(12.5, 'money')).text).toBe('12.5')
    expect(shown(priced(123456)).text).toBe('123456')
    expect(shown(priced(123456, 'text'))).not.toHaveProperty('format')
  })
})
