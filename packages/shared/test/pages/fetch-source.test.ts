import { describe, expect, it } from 'vitest'
import { collectFetches, describeFetch, dropEmpty, fetchKey } from '../../src/pages/fetch-source'
import type { FetchSource } from '../../src/pages/page.schema'

describe('$fetch data sources (spec §3.15, §9.5)', () => {
  it('describes a products find with the limit and categories, empty values dropped', () => {
    expect(
      describeFetch({
        source: 'products',
        params: {
          query: { $limit: 4, normalizedCategories: { $in: ['Tea', ' Cake ', 'Tea', ''] }, price: { $gte: '', $lte: null } }
        }
      })
    ).toEqual({
      path: 'products',
      method: 'find',
      params: { query: { $limit: 4, normalizedCategories: { $in: ['Tea', 'Cake'] } } }
    })
  })

  it('defaults to 10 products and keeps the limit within 1–100', () => {
    expect(describeFetch({ source: 'products' }).params.query).toEqual({ $limit: 10 })
    expect(describeFetch({ source: 'products', params: { query: { $limit: '' } } }).params.query).toEqual({ $limit: 10 })
    expect(
      describeFetch({ source: 'products', params: { query: { $limit: 5000 } } } as unknown as FetchSource).params.query.$limit
    ).toBe(100)
    expect(
      describeFetch({ source: 'products', params: { query: { $limit: 0 } } } as unknown as FetchSource).params.query.$limit
    ).toBe(1)
  })

  it('keeps $gte / $lte ranges, zero included', () => {
    expect(describeFetch({ source: 'products', params: { query: { price: { $gte: 0, $lte: 5000 } } } }).params.query).toEqual({
      price: { $gte: 0, $lte: 5000 },
      $limit: 10
    })
  })

  it('drops undefined, null, empty text, empty lists and objects left empty; keeps 0 and false', () => {
    expect(dropEmpty({ a: '', b: [], c: { d: null, e: [''] }, f: 0, g: false, h: [1, '', 2] })).toEqual({
      f: 0,
      g: false,
      h: [1, 2]
    })
    expect(dropEmpty({})).toBeUndefined()
  })

  it('keys equal calls alike whatever the order of their keys', () => {
    const a = describeFetch({ source: 'products', params: { query: { $limit: 3, normalizedCategories: { $in: ['A'] } } } })
    const b = describeFetch({ source: 'products', params: { query: { normalizedCategories: { $in: ['A'] }, $limit: 3 } } })
    const c = describeFetch({ source: 'products', params: { query: { normalizedCategories: { $in: ['B'] }, $limit: 3 } } })
    expect(fetchKey(a)).toBe(fetchKey(b))
    expect(fetchKey(a)).not.toBe(fetchKey(c))
  })

  it('collects each call of a page once, through data, nested props and placed components', () => {
    const tea = { $exp: { $fetch: { source: 'products', params: { query: { normalizedCategories: { $in: ['Tea'] } } } } } }
    const cake = { $exp: { $fetch: { source: 'products', params: { query: { normalizedCategories: { $in: ['Cake'] } } } } } }
    const card = { data: { items: cake }, content: [{ type: 'for', props: { source: cake } }] }
    const calls = collectFetches(
      {
        data: { items: tea },
        content: [
          { type: 'for', props: { source: tea }, children: [{ type: 'component', component: 'card', props: {} }] },
          { type: 'slider', props: { items: [{ image: { $exp: 'x' } }] } },
          { type: 'component', component: 'card', props: {} },
          { type: 'component', component: 'missing', props: {} }
        ]
      },
      { card }
    )
    expect(calls.map((call) => call.params.query.normalizedCategories)).toEqual([{ $in: ['Tea'] }, { $in: ['Cake'] }])
  })
})
