import { describe, expect, it } from 'vitest'
import { optionsQuery, missingValues } from '../lookup-query'
import { buildSearchQuery, translatablePaths } from './search-query'

describe('search dialog query (spec §5.7)', () => {
  it('builds each text type, escaped, case-insensitive unless -case', () => {
    const fields = [
      { field: 'a', type: 'regstart', label: 'res.name' },
      { field: 'b', type: 'regexp-case', label: 'res.name' },
      { field: 'c', type: 'regexp-uppercase', label: 'res.name' },
      { field: 'd', type: 'regstart-lowercase', label: 'res.name' }
    ] as const
    expect(buildSearchQuery([...fields], { a: 'a.b', b: 'X(', c: 'ab', d: 'AB' })).toEqual({
      $and: [
        { a: { $regex: '^a\\.b', $options: 'i' } },
        { b: { $regex: 'X\\(' } },
        { c: { $regex: 'AB', $options: 'i' } },
        { d: { $regex: '^ab', $options: 'i' } }
      ]
    })
  })

  it('drops empty values and empty arrays; arrays become $in', () => {
    const fields = [
      { field: 'name', type: 'regexp', label: 'res.name' },
      { field: 'tags', type: 'array', label: 'res.name' },
      { field: 'kind', type: 'enum', label: 'res.name' }
    ] as const
    expect(buildSearchQuery([...fields], { name: '  ', tags: [], kind: '' })).toEqual({})
    expect(buildSearchQuery([...fields], { tags: ['x', ''], kind: 'k' })).toEqual({
      $and: [{ tags: { $in: ['x'] } }, { kind: 'k' }]
    })
  })

  it('matches a translatable text in any of its forms', () => {
    expect(
      buildSearchQuery([{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }], { name: 'tea' })
    ).toEqual({
      $and: [{ $or: translatablePaths('name').map((path) => ({ [path]: { $regex: 'tea', $options: 'i' } })) }]
    })
  })

  it('turns ranges into $gte / $lte', () => {
    expect(buildSearchQuery([{ field: 'n', type: 'numberRange', label: 'res.order' }], { n: [1, ''] })).toEqual({
      $and: [{ n: { $gte: 1 } }]
    })
  })
})

describe('lookup field query (spec §7.8)', () => {
  it('searches escaped and case-insensitive over the configured fields, other conditions by $and', () => {
    expect(optionsQuery({ searchFields: ['name', 'code'] }, 'a+b')).toEqual({
      $or: [{ name: { $regex: 'a\\+b', $options: 'i' } }, { code: { $regex: 'a\\+b', $options: 'i' } }],
      $limit: 20
    })
    expect(optionsQuery({ query: { active: true } }, 'x')).toEqual({
      $and: [{ active: true }, { $or: [{ name: { $regex: 'x', $options: 'i' } }] }],
      $limit: 20
    })
    expect(optionsQuery({}, '')).toEqual({ $limit: 20 })
  })

  it('fetches only the selected values the options lack', () => {
    expect(missingValues(['a', 'b', 'b', ''], ['a'])).toEqual(['b'])
  })
})

describe('keyword and record searches', () => {
  it('puts a raw keyword at the top of the query and a chosen record as $in', () => {
    const fields = [
      { field: '$search', type: 'raw', label: 'res.name' },
      { field: 'brand', type: 'select', label: 'res.brand', source: { path: 'brands' } },
      {
        field: 'tags',
        type: 'select',
        label: 'res.name',
        source: { path: 'tags' },
        toQuery: (v: unknown) => ({ tags: { $contains: v } })
      }
    ] as const
    expect(buildSearchQuery([...fields], { $search: ' 綠茶 ' })).toEqual({ $search: '綠茶' })
    expect(buildSearchQuery([...fields], { $search: 'tea', brand: 'b1', tags: 't1' })).toEqual({
      $search: 'tea',
      $and: [{ brand: { $in: ['b1'] } }, { tags: { $contains: 't1' } }]
    })
  })
})
