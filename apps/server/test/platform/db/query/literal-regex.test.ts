import fc from 'fast-check'
import type { Knex } from 'knex'
import { escapeRegex } from '@emporia/shared'
import { createDb, type Db } from '../../../../src/platform/db/knex'
import { caseFolding, compileWhere } from '../../../../src/platform/db/query/where'
import { POSTGRES_ADMIN_URL, dialects } from '../../../support/databases'
import { personModel } from '../../../support/people'

/**
 * A `$regex` that is plain text compiles to LIKE / ILIKE (docs/decisions/0103). These tests hold the
 * compiled condition against the regular expression itself, in the database, on both engines: the
 * same rows for every pattern, including case-insensitive text outside ASCII.
 */
const TEXTS = [
  'Cotton Shirt 000123',
  'COTTON',
  'straße',
  'STRASSE',
  'ſtraſſe',
  'Kelvin \u212a and k',
  'İstanbul',
  'istanbul',
  'ÉCOLE école',
  'ΩMEGA ω \u2126',
  'σίγμα ΣΊΓΜΑ ς',
  'ǅ ǆ Ǆ',
  'θ ϴ Θ',
  'Å \u212b å',
  '鄉村茶壺 復古',
  '50%_off a.b a\\b',
  'ﬀ ff FF',
  ''
]
const PATTERNS = [
  'cotton',
  'COTTON',
  'k',
  'K',
  'i',
  'İ',
  'é',
  'É',
  'ω',
  'Ω',
  'ß',
  'ſ',
  'σ',
  'ς',
  'ǆ',
  'θ',
  'å',
  'ff',
  'ﬀ',
  'straße',
  '茶壺',
  '0123',
  '50%_off',
  'a.b',
  'a\\b'
]

const match = async (db: Db, where: { sql: string; bindings: unknown[] }) => {
  const values = TEXTS.map(() => '(?)').join(', ')
  const bindings = [...TEXTS, ...where.bindings] as Knex.RawBinding[]
  const { rows } = (await db.knex.raw(`select name from (values ${values}) as t(name) where ${where.sql}`, bindings)) as {
    rows: { name: string }[]
  }
  return rows.map((row) => row.name).sort()
}

const shapes = (text: string) => {
  const escaped = escapeRegex(text)
  return [escaped, `^${escaped}`, `${escaped}$`, `^${escaped}$`]
}

for (const dialect of await dialects()) {
  describe(`a plain-text $regex as LIKE on ${dialect}`, () => {
    let db: Db
    beforeAll(async () => {
      db = await createDb(
        dialect === 'pglite' ? { dataDir: 'memory://' } : { databaseUrl: POSTGRES_ADMIN_URL, dataDir: 'unused', poolMax: 2 }
      )
    })
    afterAll(() => db.close())

    it('finds the same rows as the regular expression, with and without case', async () => {
      for (const text of PATTERNS)
        for (const pattern of shapes(text))
          for (const $options of [undefined, 'i']) {
            const regex = { sql: `?? ${$options ? '~*' : '~'} ?`, bindings: ['name', pattern] }
            const compiled = compileWhere(personModel, { name: { $regex: pattern, ...($options ? { $options } : {}) } })
            expect({ pattern, $options, rows: await match(db, compiled) }).toEqual({
              pattern,
              $options,
              rows: await match(db, regex)
            })
          }
    })

    it('finds the same rows for any text typed from a mixed alphabet', async () => {
      const alphabet = fc.constantFrom(...'aAkKiIİßſsSσςΣéÉωΩ茶壺%_\\.$^ 0'.split(''))
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: alphabet, minLength: 1, maxLength: 3 }), fc.boolean(), async (text, caseless) => {
          const pattern = escapeRegex(text)
          const options = caseless ? { $options: 'i' } : {}
          const compiled = compileWhere(personModel, { name: { $regex: pattern, ...options } })
          const regex = { sql: `?? ${caseless ? '~*' : '~'} ?`, bindings: ['name', pattern] }
          expect(await match(db, compiled)).toEqual(await match(db, regex))
        }),
        { numRuns: 60 }
      )
    })
  })
}

describe('plain-text patterns compile to LIKE', () => {
  const sql = (query: Record<string, unknown>) => compileWhere(personModel, query)

  it('uses LIKE for text, ILIKE for cased text without case, and leaves real expressions alone', () => {
    expect(sql({ name: { $regex: 'green tea' } })).toEqual({ sql: '?? like ?', bindings: ['name', '%green tea%'] })
    expect(sql({ name: { $regex: '0123$', $options: 'i' } })).toEqual({ sql: '?? like ?', bindings: ['name', '%0123'] })
    expect(sql({ name: { $regex: '茶壺', $options: 'i' } })).toEqual({ sql: '?? like ?', bindings: ['name', '%茶壺%'] })
    expect(sql({ name: { $regex: 'Tea', $options: 'i' } })).toEqual({ sql: '?? ilike ?', bindings: ['name', '%Tea%'] })
    expect(sql({ name: { $regex: '50%_off', $options: 'i' } })).toEqual({
      sql: '?? ilike ?',
      bindings: ['name', '%50\\%\\_off%']
    })
    // ILIKE also finds the Kelvin sign for `k`: the regular expression checks what it found.
    expect(sql({ name: { $regex: 'kettle', $options: 'i' } })).toEqual({
      sql: '(?? ilike ?) and (?? ~* ?)',
      bindings: ['name', '%kettle%', 'name', 'kettle']
    })
    // `ß` has no one-to-one upper case: the regular expression stays.
    expect(sql({ name: { $regex: 'straße', $options: 'i' } })).toEqual({ sql: '?? ~* ?', bindings: ['name', 'straße'] })
    for (const pattern of ['a.b', 'a*', 'a|b', '(a)', '\\d1', 'a\\', '^$', ''])
      expect(sql({ name: { $regex: pattern } }).sql).toBe('?? ~ ?')
  })

  it('knows which letters ILIKE folds as the regular expression does', () => {
    expect(caseFolding('tea 茶壺 0123')).toBe('same')
    expect(caseFolding('é')).toBe('same')
    expect(caseFolding('k')).toBe('wider')
    expect(caseFolding('i')).toBe('wider')
    expect(caseFolding('ß')).toBe('other')
    expect(caseFolding('ς')).toBe('other')
  })
})
