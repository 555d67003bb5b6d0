import { describe, expect, it } from 'vitest'
import { cssSchema } from '../../src/pages/css-style'
import {
  componentSchema,
  fetchSourceSchema,
  MAX_NODE_DEPTH,
  menuItemsSchema,
  pageNodeSchema,
  pageRefSchema,
  pageSchema,
  propValueSchema,
  type PageNode
} from '../../src/pages/page.schema'
import { fitsSchema } from '../../src/pages/schema-check'
import { home } from './fixtures'

const stamps = { _id: 'a'.repeat(24), shop: 'b'.repeat(24), createdAt: '2026-11-26T00:00:00Z', updatedAt: '2026-11-26T00:00:00Z' }

/** Every `$id` and `$ref` inside a schema (below its top). */
const ids = (schema: unknown, top = true): string[] => {
  if (Array.isArray(schema)) return schema.flatMap((item) => ids(item, false))
  if (typeof schema !== 'object' || schema === null) return []
  return Object.entries(schema).flatMap(([key, value]) =>
    (key === '$id' && !top) || key === '$ref' ? [`${key}:${String(value)}`] : ids(value, false)
  )
}

describe('page model schemas (stored shape, decision 0106)', () => {
  it('hold no inner $id or $ref, so the server’s one Ajv can compile them for create and patch alike', () => {
    for (const schema of [componentSchema, pageSchema, pageNodeSchema, menuItemsSchema]) expect(ids(schema)).toEqual([])
  })

  it('accept a component and a page as the editor stores them', () => {
    expect(fitsSchema(componentSchema, { ...home, ...stamps, name: 'Home' })).toBe(true)
    expect(fitsSchema(componentSchema, { ...home, ...stamps, name: '' })).toBe(false)
    expect(fitsSchema(componentSchema, { ...home, ...stamps, name: 'Home', dataType: { 'bad name': 'tran' } })).toBe(false)
    const page = (fields: object) => fitsSchema(pageSchema, { ...stamps, name: 'P', component: 'c'.repeat(24), ...fields })
    expect(page({ name: { en: 'Home' }, path: '/', seo: { description: 'Tea', keywords: 'tea' } })).toBe(true)
    expect(page({ path: '/products/:id' })).toBe(true)
    expect(page({ path: '/', seo: { robots: 'none' } })).toBe(false)
    expect(page({ path: '/', component: 'home' })).toBe(false)
    for (const path of ['', 'products', '/a//b', '/a b', '/:1x', '/a/']) expect(page({ path }), path).toBe(false)
  })

  it('refuse a malformed expression rather than keep it as a constant object', () => {
    const valid = (value: unknown) => fitsSchema(propValueSchema, value)
    expect(valid({ $exp: 'products.0.name' })).toBe(true)
    expect(valid({ $exp: '$$0' })).toBe(true)
    expect(valid({ $exp: 'a + b' })).toBe(false)
    expect(valid({ $exp: '$new' })).toBe(false)
    expect(valid({ $exp: 'a', extra: 1 })).toBe(false)
    expect(valid({ $exp: { $fetch: { source: 'orders' } } })).toBe(false)
    expect(valid({ $where: 'x' })).toBe(false)
    expect(valid({ en: 'Tea', cht: '茶' })).toBe(true)
  })

  it(`nest components at most ${MAX_NODE_DEPTH} deep`, () => {
    const chain = (depth: number): PageNode => ({
      id: `n${depth}`,
      type: 'container',
      props: {},
      children: depth > 1 ? [chain(depth - 1)] : []
    })
    expect(fitsSchema(pageNodeSchema, chain(MAX_NODE_DEPTH))).toBe(true)
    expect(fitsSchema(pageNodeSchema, chain(MAX_NODE_DEPTH + 1))).toBe(false)
  })

  it('check menus, links, data sources and css values by their schema', () => {
    const cases: [object, [unknown, boolean][]][] = [
      [
        pageRefSchema,
        [
          ['https://a.b', true],
          [{ page: 'x', params: { id: 3 } }, true],
          [{ type: 'other' }, false],
          [{ page: 'x', params: { 'bad key': 1 } }, false],
          [3, false]
        ]
      ],
      [
        menuItemsSchema,
        [
          [[{ type: 'item', name: { en: 'A' }, childs: [{ type: 'cart' }] }], true],
          [[{ type: '' }], true],
          [[{ type: 'rocket' }], false],
          [[{ name: 'A', colour: 'red' }], false],
          [{}, false]
        ]
      ],
      [
        fetchSourceSchema,
        [
          [{ source: 'products', params: { query: { $limit: 10, normalizedCategories: { $in: ['Tea'] } } } }, true],
          [{ source: 'products', params: { query: { $limit: '' } } }, true],
          [{ source: 'products', params: { query: { $limit: 101 } } }, false],
          [{ source: 'products', params: { query: { $limit: 1.5 } } }, false],
          [{ source: 'products', params: { query: { price: { $gte: 0, $lte: 100 }, $sort: { price: -1 } } } }, true],
          [{ source: 'products', params: { query: { price: { $gte: -1 } } } }, false],
          [{ source: 'products', params: { query: { $where: '1' } } }, false]
        ]
      ],
      [
        cssSchema,
        [
          [{ fontWeight: 700, padding: { top: '1px' } }, true],
          [{ fontWeight: 750 }, false],
          [{ padding: { middle: '1px' } }, false],
          [{ fontSize: -1 }, false]
        ]
      ]
    ]
    for (const [schema, values] of cases)
      for (const [value, expected] of values) expect(fitsSchema(schema, value), JSON.stringify(value)).toBe(expected)
  })
})
