import { describe, expect, it } from 'vitest'
import { componentProblems } from '../../src/pages/component-problems'
import {
  MAX_COMPONENT_SOURCES,
  MAX_PAGE_PRODUCTS,
  MAX_PAGE_SOURCES,
  pageSourceCount,
  sourceBudgetProblems,
  sourcesThroughProblems
} from '../../src/pages/fetch-budget'
import { collectFetches } from '../../src/pages/fetch-source'
import type { ComponentModel, PageNode } from '../../src/pages/page.schema'
import { sharedMessage } from '../../src/i18n/messages'

/** A products source from a lowest price: each price is a distinct call. */
const source = (from: number) => ({
  $exp: { $fetch: { source: 'products' as const, params: { query: { price: { $gte: from } } } } }
})
const loop = (id: string, limit: number): PageNode => ({ id, type: 'for', props: { source: source(limit) }, children: [] })
const model = (content: PageNode[], data: ComponentModel['data'] = {}): ComponentModel => ({
  dataType: Object.fromEntries(Object.keys(data).map((name) => [name, 'product[]'])),
  data,
  props: {},
  content
})
const loops = (count: number, from = 1) => Array.from({ length: count }, (_, i) => loop(`l${from + i}`, from + i))

describe('data sources per component and per page (issue 28)', () => {
  it('takes a component at its cap, counting equal sources once', () => {
    const component = model([...loops(MAX_COMPONENT_SOURCES), loop('again', 1)])
    expect(collectFetches(component)).toHaveLength(MAX_COMPONENT_SOURCES)
    expect(sourceBudgetProblems(component)).toEqual([])
    expect(componentProblems(component)).toEqual([])
  })

  it('refuses the first source past the component cap, on its field', () => {
    const content = loops(MAX_COMPONENT_SOURCES + 5)
    expect(componentProblems(model(content))).toEqual([
      {
        path: `content.${MAX_COMPONENT_SOURCES}.props.source`,
        key: 'pages.tooManySources',
        values: { count: MAX_COMPONENT_SOURCES }
      }
    ])
  })

  it('counts data variables with the tree', () => {
    const data = Object.fromEntries(Array.from({ length: MAX_COMPONENT_SOURCES }, (_, i) => [`v${i}`, source(i + 1)]))
    const problems = componentProblems(model([loop('extra', 99)], data))
    expect(problems).toEqual([
      { path: 'content.0.props.source', key: 'pages.tooManySources', values: { count: MAX_COMPONENT_SOURCES } }
    ])
  })

  it('refuses a page whose placed components together read more than the page cap, on the placing node', () => {
    const half = MAX_COMPONENT_SOURCES
    const a: ComponentModel = { ...model(loops(half, 1)), _id: 'a' }
    const b: ComponentModel = { ...model(loops(half, 101)), _id: 'b' }
    const c: ComponentModel = { ...model(loops(MAX_PAGE_SOURCES - 2 * half + 1, 201)), _id: 'c' }
    const components = { a, b, c }
    const page = model([
      { id: 'pa', type: 'component', component: 'a', props: {} },
      { id: 'pb', type: 'component', component: 'b', props: {} },
      { id: 'pc', type: 'component', component: 'c', props: {} }
    ])
    expect(pageSourceCount(page, components)).toBe(MAX_PAGE_SOURCES + 1)
    expect(sourceBudgetProblems(page, components)).toEqual([
      { path: 'content.2.component', key: 'pages.tooManyPageSources', values: { count: MAX_PAGE_SOURCES } }
    ])
    // One component less is within the cap.
    expect(sourceBudgetProblems(model(page.content.slice(0, 2)), components)).toEqual([])
  })

  it('names a component placing a changed one that would take its page past the cap', () => {
    const inner: ComponentModel = { ...model(loops(MAX_COMPONENT_SOURCES, 1)), _id: 'inner' }
    const outer = {
      ...model([
        ...loops(MAX_PAGE_SOURCES - MAX_COMPONENT_SOURCES, 101),
        { id: 'p', type: 'component', component: 'inner', props: {} }
      ]),
      _id: 'outer',
      name: 'Home'
    }
    expect(sourcesThroughProblems('inner', { inner, outer })).toEqual([])
    const grown = { ...inner, data: { extra: source(999) }, dataType: { extra: 'product[]' } }
    expect(sourcesThroughProblems('inner', { inner: grown, outer })).toEqual([
      { path: 'content', key: 'pages.tooManySourcesThrough', values: { name: 'Home', count: MAX_PAGE_SOURCES } }
    ])
  })

  it('refuses a page listing more products in all than the page may show, on the source that passes it', () => {
    const big = (id: string, from: number): PageNode => ({
      id,
      type: 'for',
      props: { source: { $exp: { $fetch: { source: 'products', params: { query: { price: { $gte: from }, $limit: 100 } } } } } },
      children: []
    })
    const fits = Array.from({ length: MAX_PAGE_PRODUCTS / 100 }, (_, i) => big(`b${i}`, i))
    expect(sourceBudgetProblems(model(fits))).toEqual([])
    // The same source twice is one answer: it counts once.
    expect(sourceBudgetProblems(model([...fits, big('again', 0)]))).toEqual([])
    expect(sourceBudgetProblems(model([...fits, loop('small', 500)]))).toEqual([
      { path: `content.${fits.length}.props.source`, key: 'pages.tooManyPageProducts', values: { count: MAX_PAGE_PRODUCTS } }
    ])
    // Through a placed component: the page that places it is named.
    const inner: ComponentModel = { ...model([loop('small', 500)]), _id: 'inner' }
    const outer = { ...model([...fits, { id: 'p', type: 'component', component: 'inner', props: {} }]), name: 'Home' }
    expect(sourcesThroughProblems('inner', { inner, outer })).toEqual([
      { path: 'content', key: 'pages.tooManyProductsThrough', values: { name: 'Home', count: MAX_PAGE_PRODUCTS } }
    ])
  })

  it('says the refusal in the three languages', () => {
    for (const key of [
      'pages.tooManySources',
      'pages.tooManyPageSources',
      'pages.tooManySourcesThrough',
      'pages.tooManyPageProducts',
      'pages.tooManyProductsThrough'
    ] as const)
      for (const locale of ['en', 'cht', 'chs'] as const) {
        const text = sharedMessage(key, locale, { count: 20, name: 'Home' })
        expect(text).not.toBe(key)
        expect(text).toContain('20')
      }
  })
})
