import { describe, expect, it } from 'vitest'
import type { PosCatalogue, PosCatalogueProduct } from '@emporia/shared'
import { buildCatalogueIndex, mergeCatalogue, needsFullLoad } from './catalogue-index'
import {
  PACK_FORMAT,
  ROW_FIELDS,
  indexOfPacked,
  isPacked,
  mergePacked,
  packAnswer,
  packAnswerText,
  packNeedsFullLoad,
  productOf,
  rowOf
} from './catalogue-pack'

const hex = (n: number) => n.toString(16).padStart(24, '0')
const CATEGORIES = Array.from({ length: 12 }, (_, c) => ({
  _id: hex(1_000_000 + c),
  name: `Cat ${c}`,
  // Categories 6–11 sit under category 0.
  parent: c >= 6 ? hex(1_000_000) : null
}))

/** A pseudo-random catalogue with every field the till reads, codes shared on purpose, some missing. */
const random = (n: number, seed: number): PosCatalogueProduct[] => {
  let state = seed
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  return Array.from({ length: n }, (_, i) => {
    const product: PosCatalogueProduct = {
      _id: hex(i * 3 + 1),
      name: next() < 0.2 ? `Plain ${i} Tea` : { en: `Product ${i} Cotton`, cht: `產品 ${i} 經典` },
      price: Math.floor(next() * 100_000),
      categories: next() < 0.1 ? [] : [CATEGORIES[Math.floor(next() * 12)]._id, ...(next() < 0.3 ? [hex(9)] : [])]
    }
    if (next() < 0.8) product.posCode = String(1_000_000 + Math.floor(next() * n * 1.2))
    if (next() < 0.1) product.code = next() < 0.5 ? product.posCode : `C-${i}`
    if (next() < 0.3) product.brand = hex(77)
    if (next() < 0.3) product.tags = [hex(5), hex(6)]
    if (next() < 0.15)
      product.skus = [
        { id: 's', name: 'Small', code: `S${Math.floor(next() * n)}`, price: 900 },
        { id: 'm', name: 'Medium', code: null },
        { id: 'l', name: 'Large', code: next() < 0.5 ? (product.posCode ?? 'L') : `L${i}` }
      ]
    if (next() < 0.05) {
      product.weightType = 'weighted'
      product.weightUnit = 'kg'
    }
    if (next() < 0.1) product.image = `att${i}`
    if (next() < 0.1) product.status = 'soldOut'
    return product
  })
}

const answerOf = (products: PosCatalogueProduct[]): PosCatalogue => ({
  shop: hex(1),
  version: '2026-11-29T05:00:00.000Z',
  total: products.length,
  products,
  removed: [],
  categories: CATEGORIES
})

/** The server's lean text (pos-catalogue.class.ts): one row a line between "[\n" and "\n]". */
const leanText = (answer: PosCatalogue) => {
  const head = JSON.stringify({
    shop: answer.shop,
    version: answer.version,
    total: answer.total,
    format: 'rows',
    fields: ROW_FIELDS.slice(0, -1),
    products: []
  })
  const rows = answer.products.map((product) => JSON.stringify(rowOf(product)))
  return `${head.slice(0, -1)},"rows":[\n${rows.join(',\n')}\n],"removed":[],"categories":${JSON.stringify(answer.categories)}}`
}

/** Every code of the catalogue, and some that are not. */
const codesOf = (products: PosCatalogueProduct[]) => [
  ...new Set(
    products.flatMap((p) => [p.posCode, p.code, ...(p.skus ?? []).map((s) => s.code)]).filter((c): c is string => Boolean(c))
  ),
  'nope',
  '',
  ' ',
  '1000000'
]

describe('the packed catalogue (decision 0144)', () => {
  it('makes each product back from its row as the object form gives it', () => {
    for (const product of random(500, 7)) {
      expect(productOf(rowOf(product))).toEqual(product)
      expect(productOf(JSON.parse(JSON.stringify(rowOf(product))) as unknown[])).toEqual(product)
    }
  })

  it('packs the lean text as the object answer, keeping the rows as they came', () => {
    const answer = answerOf(random(2_000, 11))
    const fromText = packAnswerText(leanText(answer))
    const fromObjects = packAnswerText(JSON.stringify(answer))
    expect(fromText).toEqual(fromObjects)
    expect(fromText).toMatchObject({ format: PACK_FORMAT, version: answer.version, total: 2_000, size: 2_000 })
    expect(isPacked(fromText)).toBe(true)
    // The stored shape before (an object list) is not a pack: the till loads again.
    expect(isPacked({ version: answer.version, products: answer.products, removed: [], categories: [] })).toBe(false)
    const empty = packAnswerText(leanText(answerOf([])))
    expect(indexOfPacked(empty).search('', null, 10)).toEqual([])
  })

  it('survives the structured copy a worker message and IndexedDB make', () => {
    const packed = packAnswer(answerOf(random(1_000, 3)))
    const copied = structuredClone(packed)
    const a = indexOfPacked(packed)
    const b = indexOfPacked(copied)
    expect(b.search('cotton', null, 50)).toEqual(a.search('cotton', null, 50))
  })

  it('answers every code, id and search as the index built in the page does', () => {
    for (const seed of [1, 2, 3]) {
      const products = random(3_000, seed)
      const expected = buildCatalogueIndex({ products, categories: CATEGORIES })
      const actual = indexOfPacked(packAnswerText(leanText(answerOf(products))))
      expect(actual.size).toBe(expected.size)
      expect(actual.categories).toEqual(expected.categories)
      for (const code of codesOf(products)) expect(actual.byCode(code)).toEqual(expected.byCode(code))
      for (const product of products) expect(actual.get(product._id)).toEqual(expected.get(product._id))
      expect(actual.get(hex(2))).toBeUndefined()
      const needles = ['', 'cotton', 'tea', '產品 1', '10000', '1', 's1', 'PRODUCT 12', 'nothing at all', ' plain 2']
      const within = [null, CATEGORIES[0]._id, CATEGORIES[3]._id, CATEGORIES[8]._id, hex(9), hex(12345)]
      for (const needle of needles)
        for (const category of within)
          for (const limit of [1, 7, 100, 5_000])
            expect(actual.search(needle, category, limit)).toEqual(expected.search(needle, category, limit))
    }
    // Three catalogues of 3,000 products compared question by question: seconds on a busy two-core CI machine.
  }, 60_000)

  it('gives one object per product, the same for every question', () => {
    const products = random(200, 5)
    const index = indexOfPacked(packAnswer(answerOf(products)))
    const [first] = index.search('', null, 1)
    expect(index.get(first._id)).toBe(first)
  })

  it('lays a `since` answer over the pack as over the object list', () => {
    const products = random(1_500, 9)
    const base = { ...answerOf(products), total: 1_500 }
    const changed = random(1_600, 10).slice(1_450)
    const delta = {
      version: '2026-11-29T06:00:00.000Z',
      products: changed,
      removed: [products[3]._id, products[700]._id, hex(999_999)],
      categories: [],
      total: 1_500 - 2 + 100
    }
    const merged = mergeCatalogue({ ...base }, delta)
    const packed = mergePacked(packAnswer(base), delta)
    expect(packed.version).toBe(delta.version)
    expect(packed.categories).toEqual(CATEGORIES)
    expect(packNeedsFullLoad(packed)).toBe(needsFullLoad(merged))
    const expected = buildCatalogueIndex(merged)
    const actual = indexOfPacked(packed)
    expect(actual.size).toBe(expected.size)
    expect(actual.search('', null, 5_000)).toEqual(expected.search('', null, 5_000))
    for (const code of codesOf(merged.products)) expect(actual.byCode(code)).toEqual(expected.byCode(code))
    expect(packed).toEqual(packAnswer(merged))
  })
})
