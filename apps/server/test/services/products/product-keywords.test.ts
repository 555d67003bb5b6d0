import type { Knex } from 'knex'
import { createDb, type Db } from '../../../src/platform/db/knex'
import { cjkTokensSql, up } from '../../../src/platform/db/migrations/20261127010000-product-keywords'
import { foldText, productKeywords, searchConditions } from '../../../src/services/products/product-search'
import { POSTGRES_ADMIN_URL, dialects, freshDb } from '../../support/databases'

/** Keywords as the service writes them and as the migration (and the bench's seed) writes them in SQL. */
const NAMES = [
  'Jasmine Green Tea 茉莉綠茶',
  '鄉村茶壺 0123',
  'ＵＳＢ１ 充電器',
  'サクラ 桜 김치',
  '燈',
  'abc燈def 茶',
  'Plain text only'
]

for (const dialect of await dialects()) {
  describe(`product keywords in SQL and in the service on ${dialect}`, () => {
    let db: Db
    beforeAll(async () => {
      db = await createDb(
        dialect === 'pglite' ? { dataDir: 'memory://' } : { databaseUrl: POSTGRES_ADMIN_URL, dataDir: 'unused', poolMax: 2 }
      )
    })
    afterAll(() => db.close())

    it('adds the same CJK tokens to folded text', async () => {
      for (const name of NAMES) {
        const folded = foldText(name)
        const sql = `select ? || ${cjkTokensSql('?::text')} as keywords`
        const { rows } = (await db.knex.raw(sql, [folded, folded] as Knex.RawBinding[])) as { rows: { keywords: string }[] }
        expect(rows[0].keywords).toBe(productKeywords({ name }))
      }
    })
  })
}

for (const dialect of await dialects()) {
  describe(`the keywords migration on ${dialect}`, () => {
    it('makes keywords written before it what the service writes now', async () => {
      const db = await freshDb(dialect)
      try {
        const shop = 'a0a0a0a0a0a0a0a0a0a0a0a0'
        await db
          .knex('shops')
          .insert({ _id: shop, name: JSON.stringify('Shop'), subdomain: 'migration-keywords', validUtil: new Date() })
        const products = [
          { name: { en: 'ＵＳＢ Cable', cht: '鄉村茶壺' }, posCode: 'AB-1' },
          { name: { en: 'Plain' }, posCode: null },
          { name: { cht: '燈' }, posCode: 'Z' }
        ]
        // Keywords as the service wrote them before: lower-cased, not folded, no tokens.
        const old = (p: (typeof products)[number]) =>
          [...Object.values(p.name), ...(p.posCode ? [p.posCode] : [])].map((t) => t.trim().toLowerCase()).join(' ')
        await db.knex('products').insert(
          products.map((p, i) => ({
            _id: `b0b0b0b0b0b0b0b0b0b0b0b${i}`,
            shop,
            name: JSON.stringify(p.name),
            posCode: p.posCode,
            price: 1,
            keywords: old(p)
          }))
        )
        await up(db.knex)
        const rows = (await db.knex('products').orderBy('_id').select('name', 'posCode', 'keywords')) as {
          keywords: string
        }[]
        expect(rows.map((row) => row.keywords)).toEqual(rows.map((row) => productKeywords(row)))
      } finally {
        await db.close()
      }
    })
  })
}

describe('product keywords and search words', () => {
  it('fold full-width text and add every one and two letters of a CJK run between spaces', () => {
    expect(productKeywords({ name: { en: 'ＵＳＢ Cable', cht: '鄉村茶壺' }, posCode: 'AB-1' })).toBe(
      'usb cable 鄉村茶壺 ab-1 鄉 村 茶 壺 鄉村 村茶 茶壺 '
    )
    expect(productKeywords({ name: 'Plain' })).toBe('plain')
  })

  it('match a one- or two-letter CJK word as its token and anything else as text', () => {
    expect(searchConditions('茶壺 鄉村茶壺 Ｔｅａ 100%')).toEqual([
      { keywords: { $regex: ' 茶壺 ' } },
      { keywords: { $regex: '鄉村茶壺' } },
      { keywords: { $regex: 'tea' } },
      { keywords: { $regex: '100%' } }
    ])
  })
})
