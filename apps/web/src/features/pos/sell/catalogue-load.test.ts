// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOKEN_KEY } from '../../../lib/token-key'
import { fetchWholePacked, mergeIntoPacked, preloadTill, takeEarlyStart } from './catalogue-load'
import { ROW_FIELDS, indexOfPacked, rowOf } from './catalogue-pack'

const SHOP = 'a'.repeat(24)
const tea = { _id: 'p1', name: { en: 'Tea' }, price: 1250, posCode: '123', categories: [], image: 'att1' }
const rice = { _id: 'p2', name: 'Rice', price: 2000, categories: [], weightType: 'weighted' as const, weightUnit: 'kg' }
const lean = (products: (typeof tea | typeof rice)[]) =>
  `${JSON.stringify({ shop: SHOP, version: '2026-11-29T05:00:00.000Z', total: products.length, format: 'rows', fields: ROW_FIELDS.slice(0, 12), products: [] }).slice(0, -1)},"rows":[\n${products.map((p) => JSON.stringify(rowOf(p))).join(',\n')}\n],"removed":[],"categories":[]}`

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('loading the till catalogue (decision 0144)', () => {
  it('asks for the lean form with the stored token and packs the answer (in the page without a worker)', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok')
    const fetch = vi.fn(async () => new Response(lean([tea, rice]), { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    const packed = await fetchWholePacked(SHOP)
    expect(fetch).toHaveBeenCalledWith(`/api/pos/catalogue?shop=${SHOP}&format=rows`, {
      headers: { authorization: 'Bearer tok' }
    })
    const index = indexOfPacked(packed)
    expect(index.byCode('123')).toEqual([{ product: tea }])
    // The picture's reference comes through for the counter screen's tiles.
    expect(index.get('p1')?.image).toBe('att1')
    const merged = await mergeIntoPacked(packed, {
      version: 'v2',
      products: [{ ...tea, price: 1300 }],
      removed: ['p2'],
      categories: [],
      total: 1
    })
    expect(indexOfPacked(merged).search('', null, 10)).toEqual([{ ...tea, price: 1300 }])
  })

  it("throws the server's refusal as its body", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ name: 'NotAuthenticated', code: 401 }), { status: 401 }))
    await expect(fetchWholePacked(SHOP)).rejects.toMatchObject({ code: 401 })
  })

  it("starts on the till's address with a token only, and is taken once", async () => {
    vi.stubGlobal('fetch', async () => new Response(lean([tea]), { status: 200 }))
    preloadTill(`/${SHOP}/pos`)
    expect(takeEarlyStart(SHOP)).toBeUndefined()
    localStorage.setItem(TOKEN_KEY, 'tok')
    preloadTill(`/${SHOP}/orders`)
    expect(takeEarlyStart(SHOP)).toBeUndefined()
    preloadTill(`/${SHOP}/pos`)
    const start = takeEarlyStart(SHOP)
    expect(start).toBeDefined()
    expect(takeEarlyStart(SHOP)).toBeUndefined()
    const begun = await start!
    expect('whole' in begun && begun.whole.size).toBe(1)
  })
})
