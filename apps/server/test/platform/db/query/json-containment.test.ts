import type { Knex } from 'knex'
import { createDb, type Db } from '../../../../src/platform/db/knex'
import { compileWhere } from '../../../../src/platform/db/query/where'
import { POSTGRES_ADMIN_URL, dialects } from '../../../support/databases'
import { personModel } from '../../../support/people'

/**
 * `tags=red` on a JSON column compiles to containment (`tags @> '"red"'`) instead of a JSON-path test
 * (docs/decisions/0103): the same rows, held against the JSON-path form in the database, on both engines,
 * for every shape the schema allows (an array in an array, which it does not, is where the two differ).
 */
/** What the schema lets `tags` (an array of texts) hold. */
const VALUES = [null, '[]', '["red"]', '["blue", "red"]', '["Red"]', '["red blue"]', '["5"]', '["true"]']

const rows = async (db: Db, where: { sql: string; bindings: unknown[] }) => {
  const values = VALUES.map(() => '(?::jsonb)').join(', ')
  const bindings = [...VALUES, ...where.bindings] as Knex.RawBinding[]
  const { rows } = (await db.knex.raw(`select tags::text from (values ${values}) as t(tags) where ${where.sql}`, bindings)) as {
    rows: { tags: string }[]
  }
  return rows.map((row) => row.tags).sort()
}

for (const dialect of await dialects()) {
  describe(`JSON equality as containment on ${dialect}`, () => {
    let db: Db
    beforeAll(async () => {
      db = await createDb(
        dialect === 'pglite' ? { dataDir: 'memory://' } : { databaseUrl: POSTGRES_ADMIN_URL, dataDir: 'unused', poolMax: 2 }
      )
    })
    afterAll(() => db.close())

    it('finds the rows the JSON-path test finds', async () => {
      for (const value of ['red', 'Red', 'red blue', '5', 'true']) {
        const compiled = compileWhere(personModel, { tags: value })
        expect(compiled.sql).toBe('?? @> ?::jsonb')
        const path = {
          sql: 'coalesce(jsonb_path_exists(??, ?::jsonpath, ?::jsonb), false)',
          bindings: ['tags', '$ ? (@ == $v0)', JSON.stringify({ v0: value })]
        }
        expect({ value, rows: await rows(db, compiled) }).toEqual({ value, rows: await rows(db, path) })
      }
    })

    it('keeps the JSON-path test where a value may be an array in an array or a sub-field', () => {
      expect(compileWhere(personModel, { inventories: 'w1' }).sql).toContain('jsonb_path_exists')
      expect(compileWhere(personModel, { 'title.en': 'Chef' }).sql).toContain('jsonb_path_exists')
    })
  })
}
