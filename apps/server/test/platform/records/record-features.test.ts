import type { Paginated } from '@feathersjs/feathers'
import { RecordService } from '../../../src/platform/records/record-service'
import { dialects } from '../../support/databases'
import { createPeopleTable, personModel } from '../../support/people'
import { startTestApp, type TestApp } from '../../support/test-app'
import { isBackgroundStatement } from '../../support/statements'

type Person = {
  _id: string
  name: string
  age?: number
  friend?: string | Person | null
  inventories?: { _id?: string; warehouse?: string; quantity?: number }[]
  title?: Record<string, string>
}
type Page = Paginated<Person> & { cursors?: { previous: string | null; next: string | null } }
const external = { provider: 'rest' }

for (const dialect of await dialects()) {
  describe(`populate, cursors and nested arrays on ${dialect}`, () => {
    let t: TestApp
    const people = () => t.app.service('people') as unknown as RecordService<Person, Partial<Person>, Record<string, unknown>>
    const statements: string[] = []

    beforeAll(async () => {
      t = await startTestApp(dialect, {
        listen: false,
        register: (ctx, app) =>
          app.use(
            'people',
            new RecordService({ ...ctx.records, model: personModel, paginate: { default: 10, max: 100 }, multi: true })
          )
      })
      await createPeopleTable(t.db.knex)
      t.db.knex.on('query', (q: { sql: string }) => {
        if (!isBackgroundStatement(q.sql)) statements.push(q.sql)
      })
    })
    afterAll(() => t.close())
    beforeEach(async () => {
      await people().remove(null, { query: {} })
      statements.length = 0
    })

    it('populates references with one extra query per path, never one per row', async () => {
      const friends = (await people().create([{ name: 'f1' }, { name: 'f2' }])) as unknown as Person[]
      await people().create(Array.from({ length: 30 }, (_, i) => ({ name: `p${i}`, friend: friends[i % 2]._id })))
      statements.length = 0
      const page = (await people().find({
        ...external,
        query: { name: { $regex: '^p' }, $limit: 30, $populate: [{ path: 'friend', select: ['name'] }], $sort: { name: 1 } }
      })) as Page
      expect(page.data).toHaveLength(30)
      expect(page.data.every((p) => typeof p.friend === 'object' && p.friend !== null)).toBe(true)
      expect((page.data[0].friend as Person).name).toBe('f1')
      expect((page.data[0].friend as Person).age).toBeUndefined()
      const selects = statements.filter((sql) => sql.startsWith('select'))
      // the page, its total, and one query for the populated path
      expect(selects).toHaveLength(3)
    })

    it('a reference to a record that is gone populates as null', async () => {
      const ghost = 'f'.repeat(24)
      const p = (await people().create({ name: 'lonely', friend: ghost })) as Person
      const got = await people().get(p._id, { query: { $populate: ['friend'] } })
      expect(got.friend).toBeNull()
    })

    it('pages with $cursor forward and back over ties and missing values, never skipping or repeating', async () => {
      const ages = [5, 3, undefined, 3, 8, undefined, 1, 3, 5, 9, undefined, 2]
      await people().create(
        ages.map((age, i) => ({ name: `c${String(i).padStart(2, '0')}`, ...(age === undefined ? {} : { age }) }))
      )
      const all = (await people().find({ query: { $sort: { age: -1 }, $limit: 100 } })) as Page
      const expected = all.data.map((p) => p._id)

      const seen: string[] = []
      const pages: Page[] = []
      let cursor: string | boolean | null = true
      while (cursor) {
        const page = (await people().find({ ...external, query: { $sort: { age: -1 }, $limit: 5, $cursor: cursor } })) as Page
        pages.push(page)
        seen.push(...page.data.map((p) => p._id))
        cursor = page.cursors?.next ?? null
      }
      expect(seen).toEqual(expected)
      expect(pages[0].cursors?.previous).toBeNull()
      expect(pages[0].total).toBe(-1)

      // and back from the last page
      const back: string[] = []
      let previous: string | null | undefined = pages[pages.length - 1].cursors?.previous
      back.unshift(...pages[pages.length - 1].data.map((p) => p._id))
      while (previous) {
        const page = (await people().find({ ...external, query: { $sort: { age: -1 }, $limit: 5, $cursor: previous } })) as Page
        back.unshift(...page.data.map((p) => p._id))
        previous = page.cursors?.previous
      }
      expect(back).toEqual(expected)
      await expect(
        people().find({ ...external, query: { $sort: { name: 1 }, $limit: 5, $cursor: pages[0].cursors?.next } })
      ).rejects.toMatchObject({ code: 400, message: /another sort order/ })
    })

    it('pages with $cursor by a whole JSON column (no sub-path), comparing as JSON, either way, over ties', async () => {
      await people().create(Array.from({ length: 7 }, (_, i) => ({ name: `j${i}`, tags: [`t${(6 - i) % 4}`] })))
      // Descending reads also bound the first key (`<=` its value): ties across a page edge must stay.
      for (const direction of [1, -1] as const) {
        const sort = { tags: direction }
        const expected = ((await people().find({ query: { $sort: sort, $limit: 100 } })) as Page).data.map((p) => p._id)
        const seen: string[] = []
        let cursor: string | boolean | null = true
        while (cursor) {
          const page = (await people().find({ ...external, query: { $sort: sort, $limit: 3, $cursor: cursor } })) as Page
          seen.push(...page.data.map((p) => p._id))
          cursor = page.cursors?.next ?? null
        }
        expect(seen).toEqual(expected)
      }
    })

    it('$push, positional $set and $pull edit one item of a JSON array', async () => {
      const p = (await people().create({ name: 'stock', inventories: [{ _id: 'a', warehouse: 'w1', quantity: 1 }] })) as Person
      let after = (await people().patch(p._id, { $push: { inventories: { warehouse: 'w2', quantity: 2 } } }, external)) as Person
      expect(after.inventories).toHaveLength(2)
      const pushedId = after.inventories?.[1]._id
      expect(pushedId).toMatch(/^[0-9a-f]{24}$/)

      after = (await people().patch(
        p._id,
        { $set: { 'inventories.$': { _id: pushedId, warehouse: 'w2', quantity: 20 } } },
        { ...external, query: { 'inventories._id': pushedId } }
      )) as Person
      expect(after.inventories?.map((i) => i.quantity)).toEqual([1, 20])

      after = (await people().patch(
        p._id,
        { $set: { 'inventories.$.quantity': 7 } },
        { ...external, query: { 'inventories._id': 'a' } }
      )) as Person
      expect(after.inventories?.map((i) => i.quantity)).toEqual([7, 20])

      after = (await people().patch(p._id, { $pull: { inventories: { _id: 'a' } } }, external)) as Person
      expect(after.inventories?.map((i) => i._id)).toEqual([pushedId])

      await expect(people().patch(p._id, { $set: { 'inventories.$': {} } }, external)).rejects.toMatchObject({ code: 400 })
      await expect(people().patch(p._id, { $push: { name: 'x' } }, external)).rejects.toMatchObject({ code: 400 })
      await expect(people().patch(p._id, { $inc: { age: 1 } }, external)).rejects.toMatchObject({ code: 400 })
    })

    it('$unset removes a field or a path inside a JSON field', async () => {
      const p = (await people().create({ name: 'u', age: 4, title: { en: 'E', cht: 'C' } })) as Person
      const after = (await people().patch(p._id, { $unset: { age: '', 'title.cht': '' } }, external)) as Person
      expect(after.age).toBeUndefined()
      expect(after.title).toEqual({ en: 'E' })
      await expect(people().patch(p._id, { $unset: { name: '' } }, external)).rejects.toMatchObject({ code: 400 })
    })

    it('concurrent $push to one record loses nothing (each patch is one statement)', async () => {
      const p = (await people().create({ name: 'busy', inventories: [] })) as Person
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => people().patch(p._id, { $push: { inventories: { _id: `i${i}`, quantity: i } } }))
      )
      const got = await people().get(p._id)
      expect(got.inventories).toHaveLength(40)
    })

    it('a conditional patch wins exactly once under concurrency', async () => {
      const p = (await people().create({ name: 'claim', age: 0 })) as Person
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => people().patch(p._id, { age: 1 }, { query: { age: 0 } }))
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 404)).toBe(
        true
      )
    })
  })
}
