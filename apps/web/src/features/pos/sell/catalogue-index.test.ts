import { describe, expect, it } from 'vitest'
import type { PosCatalogueProduct } from '@emporia/shared'
import { buildCatalogueIndex, mergeCatalogue, needsFullLoad, type CatalogueData } from './catalogue-index'

const hex = (n: number) => n.toString(16).padStart(24, '0')

/** n synthetic products: every 10th has two SKUs, every 7th a posCode, names in three languages. */
const synthetic = (n: number): CatalogueData => {
  const products: PosCatalogueProduct[] = new Array(n)
  for (let i = 0; i < n; i++)
    products[i] = {
      _id: hex(i + 1),
      name: { en: `Product ${i}`, cht: `產品${i}`, chs: `产品${i}` },
      price: 100 + (i % 900),
      code: `C${i}`,
      posCode: i % 7 === 0 ? String(4_000_000 + i) : null,
      categories: [hex(1_000_000 + (i % 20))],
      skus:
        i % 10 === 0
          ? [
              { id: 's1', code: `C${i}-S1` },
              { id: 's2', code: `C${i}-S2` }
            ]
          : undefined
    }
  const categories = Array.from({ length: 20 }, (_, c) => ({
    _id: hex(1_000_000 + c),
    name: `Cat ${c}`,
    // Categories 10–19 sit under category 0.
    parent: c >= 10 ? hex(1_000_000) : null
  }))
  return { version: '2026-01-01T00:00:00.000Z', products, removed: [], categories }
}

describe('buildCatalogueIndex', () => {
  const catalogue = synthetic(100_000)
  const index = buildCatalogueIndex(catalogue)

  it('holds 100,000 products and answers 1,000 code lookups exactly', () => {
    expect(index.size).toBe(100_000)
    for (let k = 0; k < 1_000; k++) {
      const i = (k * 97) % 100_000
      const [hit, ...more] = index.byCode(`C${i}`)
      expect(more).toHaveLength(0)
      expect(hit.product._id).toBe(hex(i + 1))
      expect(hit.sku).toBeUndefined()
    }
  })

  it('finds products by posCode and SKUs by their code', () => {
    expect(index.byCode('4000700')[0].product._id).toBe(hex(701))
    expect(index.byCode('C30-S2')).toEqual([{ product: index.get(hex(31)), sku: 's2' }])
    expect(index.byCode(' C5 ')[0].product._id).toBe(hex(6))
    expect(index.byCode('nope')).toEqual([])
  })

  it('answers every product a shared code names (an ambiguity the till reports)', () => {
    const twice = buildCatalogueIndex({
      categories: [],
      products: [
        { _id: hex(1), name: 'A', price: 1, code: 'X1', categories: [] },
        { _id: hex(2), name: 'B', price: 1, posCode: 'X1', categories: [] },
        { _id: hex(3), name: 'C', price: 1, code: 'Y', posCode: 'Y', categories: [] }
      ]
    })
    expect(twice.byCode('X1').map((hit) => hit.product._id)).toEqual([hex(1), hex(2)])
    expect(twice.byCode('Y')).toHaveLength(1)
  })

  it('searches names in every language and codes, case-blind, within a category and its children', () => {
    expect(index.search('product 4242', null, 5).map((p) => p._id)).toContain(hex(4243))
    expect(index.search('產品99999', null, 5).map((p) => p._id)).toEqual([hex(100_000)])
    expect(index.search('c12345', null, 1)[0]._id).toBe(hex(12_346))
    const inSub = index.search('', hex(1_000_015), 50)
    expect(inSub).toHaveLength(50)
    expect(inSub.every((p) => p.categories[0] === hex(1_000_015))).toBe(true)
    const inParent = index.search('', hex(1_000_000), 2_000)
    expect(new Set(inParent.map((p) => p.categories[0])).size).toBe(11)
    expect(index.search('', null, 30)).toHaveLength(30)
  })
})

describe('mergeCatalogue', () => {
  it('replaces changed products, adds new ones and drops removed ones', () => {
    const base = synthetic(5)
    const merged = mergeCatalogue(base, {
      version: 'v2',
      products: [
        { ...base.products[1], price: 999 },
        { _id: hex(99), name: 'New', price: 5, categories: [] }
      ],
      removed: [hex(3)],
      categories: []
    })
    expect(merged.version).toBe('v2')
    expect(merged.categories).toBe(base.categories)
    expect(merged.products.map((p) => p._id).sort()).toEqual([hex(1), hex(2), hex(4), hex(5), hex(99)].sort())
    expect(merged.products.find((p) => p._id === hex(2))?.price).toBe(999)
  })
})

describe('needsFullLoad', () => {
  it('asks for the whole catalogue when the shop sells fewer products than the till holds', () => {
    const base = synthetic(5)
    expect(needsFullLoad(mergeCatalogue(base, { version: 'v2', products: [], removed: [], categories: [], total: 5 }))).toBe(
      false
    )
    expect(needsFullLoad(mergeCatalogue(base, { version: 'v2', products: [], removed: [], categories: [], total: 4 }))).toBe(true)
    expect(
      needsFullLoad(mergeCatalogue(base, { version: 'v2', products: [], removed: [hex(1)], categories: [], total: 4 }))
    ).toBe(false)
  })
})
