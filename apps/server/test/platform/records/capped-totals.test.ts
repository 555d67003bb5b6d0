import type { Page } from '@emporia/shared'
import { RecordService } from '../../../src/platform/records/record-service'
import { dialects } from '../../support/databases'
import { createPeopleTable, personModel } from '../../support/people'
import { startTestApp, type TestApp } from '../../support/test-app'

type Person = { _id: string; name: string; age?: number }
const external = { provider: 'rest' }
/** A cap far below the real one, so a handful of rows shows the behaviour. */
const CAP = 5
/** A text condition every person matches: only a search's total is capped. */
const text = { name: { $regex: 'person' } }

/**
 * Uncached totals (docs/decisions/0101): an external search's total is counted up to a cap and flagged
 * `atLeast` beyond it; a list without a text condition is counted exactly; internal callers and exports get exact totals; the page asked is always inside.
 */
for (const dialect of await dialects()) {
  describe(`capped totals on ${dialect}`, () => {
    let t: TestApp
    let counts: string[] = []
    const people = () =>
      t.app.service('people') as unknown as RecordService<Person, Record<string, unknown>, Record<string, unknown>>
    const find = (query: Record<string, unknown>, params: Record<string, unknown> = external) =>
      people().find({ ...params, query }) as unknown as Promise<Page<Person>>

    beforeAll(async () => {
      t = await startTestApp(dialect, {
        listen: false,
        register: (ctx, app) =>
          app.use(
            'people',
            new RecordService({
              ...ctx.records,
              model: personModel,
              totalCap: CAP,
              paginate: { default: 2, max: 50 },
              multi: true
            })
          )
      })
      await createPeopleTable(t.db.knex)
      await people().create(Array.from({ length: 12 }, (_, i) => ({ name: `person ${i}`, age: i < 5 ? 20 : 30 })))
      // Only this list's counts: the app's background work (the job queue's statistics) counts its own tables.
      t.db.knex.on('query', (q: { sql: string }) => {
        if (/count\(/i.test(q.sql) && /"people"/.test(q.sql)) counts.push(q.sql)
      })
    })
    afterAll(() => t.close())
    beforeEach(() => {
      counts = []
    })

    it('answers "at least the cap" for an external list with more matches, and stops counting there', async () => {
      const page = await find({ age: 30, ...text, $sort: { name: 1 } })
      expect(page).toMatchObject({ total: CAP, totalPrecision: 'atLeast', limit: 2, skip: 0 })
      expect(page.data).toHaveLength(2)
      expect(counts).toHaveLength(1)
      expect(counts[0]).toMatch(/limit/i)
    })

    it('answers an exact total, unflagged, when the matches stay within the cap (exactly the cap too)', async () => {
      const within = await find({ age: 20, name: { $ne: 'person 0' } })
      expect(within.total).toBe(4)
      expect(within.totalPrecision).toBeUndefined()
      const exactlyCap = await find({ age: 20, ...text })
      expect(exactlyCap.total).toBe(5)
      expect(exactlyCap.totalPrecision).toBeUndefined()
    })

    it('counts a list without a text condition exactly, beyond the cap too (a search inside $or is one)', async () => {
      const plain = await find({ age: 30, $sort: { name: 1 } })
      expect(plain.total).toBe(7)
      expect(plain.totalPrecision).toBeUndefined()
      const nested = await find({ $or: [{ age: 30 }, { name: { $regex: 'person 1' } }] })
      expect(nested).toMatchObject({ total: CAP, totalPrecision: 'atLeast' })
    })

    it('keeps the page asked inside the total, however deep', async () => {
      const deep = await find({ ...text, $sort: { name: 1 }, $skip: 8, $limit: 2 })
      expect(deep.data).toHaveLength(2)
      // Counted up to the page's end (10) then one more: 12 rows are more than 10.
      expect(deep).toMatchObject({ total: 10, totalPrecision: 'atLeast' })
      const last = await find({ ...text, $sort: { name: 1 }, $skip: 10, $limit: 5 })
      expect(last).toMatchObject({ total: 12, data: [{}, {}] })
      expect(last.totalPrecision).toBeUndefined()
    })

    it('gives internal callers and those asking for it exact totals; the two are cached apart', async () => {
      const internal = await find({ age: 30, ...text }, {})
      expect(internal.total).toBe(7)
      expect(internal.totalPrecision).toBeUndefined()
      const asked = await find({ age: 30, ...text }, { ...external, totalCap: false })
      expect(asked.total).toBe(7)
      expect(asked.totalPrecision).toBeUndefined()
      // An internal caller may ask for a capped total.
      expect(await find({ age: 30, ...text }, { totalCap: 3 })).toMatchObject({ total: 3, totalPrecision: 'atLeast' })
      // Cached: the same lists again count nothing, and each still gets its own kind of total.
      counts = []
      expect((await find({ age: 30, ...text, $sort: { name: 1 } })).totalPrecision).toBe('atLeast')
      expect((await find({ age: 30, ...text }, {})).totalPrecision).toBeUndefined()
      expect(counts).toEqual([])
      // A write makes them stale: counted again.
      await people().create({ name: 'person 12', age: 30 })
      expect((await find({ age: 30, ...text }, {})).total).toBe(8)
      expect(counts).toHaveLength(1)
      await people().remove(null, { query: { name: 'person 12' } })
    })
  })
}
