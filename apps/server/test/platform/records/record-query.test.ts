import type { Paginated } from '@feathersjs/feathers'
import { textCondition } from '@emporia/shared'
import { RecordService } from '../../../src/platform/records/record-service'
import { dialects } from '../../support/databases'
import { createPeopleTable, personModel } from '../../support/people'
import { startTestApp, type TestApp } from '../../support/test-app'

type Person = { _id: string; name: string; age?: number; title?: { en?: string; cht?: string }; [key: string]: unknown }
const external = { provider: 'rest' }

for (const dialect of await dialects()) {
  describe(`query language on ${dialect}`, () => {
    let t: TestApp
    const people = () =>
      t.app.service('people') as unknown as RecordService<Person, Record<string, unknown>, Record<string, unknown>>
    const find = (query: Record<string, unknown>, params: Record<string, unknown> = {}) =>
      people().find({ ...external, ...params, query }) as Promise<Paginated<Person>>

    beforeAll(async () => {
      t = await startTestApp(dialect, {
        listen: false,
        register: (ctx, app) =>
          app.use(
            'people',
            new RecordService({ ...ctx.records, model: personModel, paginate: { default: 10, max: 50 }, multi: true })
          )
      })
      await createPeopleTable(t.db.knex)
      await people().create([
        {
          name: 'Alice (a.k.a. Al)',
          age: 30,
          title: { en: 'Chef', cht: '廚師' },
          inventories: [{ warehouse: 'w1', quantity: 5 }],
          tags: ['red']
        },
        {
          name: 'bob',
          age: 25,
          title: { en: 'Baker' },
          inventories: [
            { warehouse: 'w1', quantity: 0 },
            { warehouse: 'w2', quantity: 12 }
          ]
        },
        { name: 'Carol', title: { en: 'chef de partie' }, tags: ['blue', 'red'] },
        { name: 'dave', age: 25 }
      ])
    })
    afterAll(() => t.close())

    it('keeps a lone $or apart from the conditions the record service adds (the id of a get, patch or remove)', async () => {
      const [bob] = (await people().find({ query: { name: 'bob' }, paginate: false })) as unknown as Person[]
      const [carol] = (await people().find({ query: { name: 'Carol' }, paginate: false })) as unknown as Person[]
      // Without brackets this reads `name = 'Carol' or name = 'dave' and _id = bob`, which is Carol's row.
      const either = { $or: [{ name: 'Carol' }, { name: 'dave' }] }
      await expect(people().get(bob._id, { ...external, query: either })).rejects.toMatchObject({ code: 404 })
      await expect(people().patch(bob._id, { age: 99 }, { ...external, query: either })).rejects.toMatchObject({ code: 404 })
      expect((await people().get(carol._id, { ...external, query: either })).name).toBe('Carol')
      expect((await find({ ...either, name: 'bob' })).total).toBe(0)
    })

    it('answers an anchored prefix (compiled to LIKE) exactly as the regular expression would', async () => {
      const names = async (query: Record<string, unknown>) =>
        (await find({ ...query, $sort: { name: 1 } })).data.map((person) => person.name)
      expect(await names({ name: textCondition('regstart', 'AL') })).toEqual(['Alice (a.k.a. Al)'])
      expect(await names({ name: textCondition('regstart-case', 'al') })).toEqual([])
      expect(await names({ name: textCondition('regstart', 'alice (a.k') })).toEqual(['Alice (a.k.a. Al)'])
      // LIKE's own wildcards typed by a person are plain characters.
      expect(await names({ name: textCondition('regstart', '_') })).toEqual([])
      expect(await names({ name: textCondition('regstart', '%') })).toEqual([])
      expect(await names({ $or: [{ name: textCondition('regstart', 'b') }, { name: textCondition('regstart', 'D') }] })).toEqual([
        'bob',
        'dave'
      ])
    })

    it('matches $regex case-insensitively and escapes user text in search helpers', async () => {
      const insensitive = await find({ name: { $regex: '^B', $options: 'i' } })
      expect(insensitive.data.map((p) => p.name)).toEqual(['bob'])
      const sensitive = await find({ name: { $regex: '^B' } })
      expect(sensitive.total).toBe(0)
      // "(a.k.a." contains regex metacharacters: escaped, it matches literally.
      const contains = await find({ name: textCondition('regexp', '(a.k.a.') })
      expect(contains.data.map((p) => p.name)).toEqual(['Alice (a.k.a. Al)'])
      const prefix = await find({ name: textCondition('regstart', 'car') })
      expect(prefix.data.map((p) => p.name)).toEqual(['Carol'])
      expect((await find({ name: textCondition('regstart-case', 'car') })).total).toBe(0)
    })

    it('queries inside JSON columns: objects and arrays of objects', async () => {
      expect((await find({ 'title.en': 'Chef' })).data.map((p) => p.name)).toEqual(['Alice (a.k.a. Al)'])
      const chefs = await find({ 'title.en': { $regex: 'chef', $options: 'i' }, $sort: { name: 1 } })
      expect(chefs.data.map((p) => p.name)).toEqual(['Alice (a.k.a. Al)', 'Carol'])
      // REST sends numbers as strings: the schema says quantity is a number, so '10' compares numerically.
      const stocked = await find({ 'inventories.quantity': { $gt: '10' } })
      expect(stocked.data.map((p) => p.name)).toEqual(['bob'])
      expect((await find({ 'inventories.warehouse': { $in: ['w2', 'w9'] } })).data.map((p) => p.name)).toEqual(['bob'])
      expect((await find({ tags: 'red', $sort: { name: 1 } })).data.map((p) => p.name)).toEqual(['Alice (a.k.a. Al)', 'Carol'])
      expect((await find({ 'title.cht': null, $sort: { name: 1 } })).total).toBe(3)
      const sorted = await find({ $sort: { 'title.en': -1 }, 'title.en': { $ne: null } })
      expect(sorted.data.map((p) => p.title?.en)).toEqual(['chef de partie', 'Chef', 'Baker'])
    })

    it('$ne and $nin keep records where the field is unset, as the Feathers/MongoDB semantics say', async () => {
      const notTwentyFive = await find({ age: { $ne: 25 }, $sort: { name: 1 } })
      expect(notTwentyFive.data.map((p) => p.name)).toEqual(['Alice (a.k.a. Al)', 'Carol'])
      const nin = await find({ age: { $nin: [30] }, $sort: { name: 1 } })
      // Text sorts by code point on both engines (docs/decisions/0006-service-base.md): 'C' < 'b'.
      expect(nin.data.map((p) => p.name)).toEqual(['Carol', 'bob', 'dave'])
    })

    it.each([
      [{ name: { $where: 'x' } }, /Invalid query parameter \$where/],
      [{ $foo: 1 }, /Invalid query parameter \$foo/],
      [{ nope: 1 }, /Unknown field "nope"/],
      [{ age: 'old' }, /"age" must be a number/],
      [{ _id: 'not-an-id' }, /"_id" must be a 24-character hex id/],
      [{ name: { $regex: 'a'.repeat(300) } }, /longer than 256/],
      [{ name: { $regex: '(' } }, /Invalid regular expression/],
      [{ name: { $regex: 'a', $options: 'g' } }, /may only be "i"/],
      [{ age: { $regex: '1' } }, /needs a text field/],
      [{ $sort: { name: 2 } }, /must be 1 or -1/],
      [{ $sort: { 'name; drop table people': 1 } }, /Invalid field path|Unknown field/],
      [{ "title.en'); drop": 'x' }, /Invalid field path/],
      [{ $limit: 'ten' }, /\$limit must be a whole number/],
      [{ $skip: -5 }, /\$skip must/],
      [{ $select: ['nope'] }, /Unknown field "nope" in \$select/],
      [{ $populate: ['name'] }, /cannot be populated/],
      [{ $cursor: 'garbage!' }, /Invalid \$cursor/],
      [{ $or: 'x' }, /\$or must be a list/]
    ] as [Record<string, unknown>, RegExp][])(
      'rejects bad query %j with a 400 that says what is wrong',
      async (query, message) => {
        const error = await find(query as Record<string, unknown>).catch((e: unknown) => e)
        expect(error).toMatchObject({ name: 'BadRequest', code: 400 })
        expect((error as Error).message).toMatch(message)
      }
    )

    it('rejects a malformed id from a client with 400 and answers NotFound internally', async () => {
      await expect(people().get('123', external)).rejects.toMatchObject({ code: 400 })
      await expect(people().get('123')).rejects.toMatchObject({ code: 404 })
    })

    it('caps pages at the maximum and answers $paginate: false with a plain array', async () => {
      const page = await find({ $limit: 1000 })
      expect(page.limit).toBe(50)
      const list = await people().find({ ...external, query: { $paginate: 'false', $sort: { name: 1 } } })
      expect(Array.isArray(list)).toBe(true)
      expect((list as Person[]).length).toBe(4)
    })

    it('answers a page of ids alone in one read of the index order, the same ids as whole rows give', async () => {
      const query = { $sort: { age: -1, name: 1 }, $limit: 2, $skip: 1 }
      const whole = await find(query)
      const statements: string[] = []
      const listen = (entry: { sql: string }) => statements.push(entry.sql)
      t.db.knex.on('query', listen)
      const ids = await find({ ...query, $select: ['_id'] })
      t.db.knex.removeListener('query', listen)
      expect(ids.data).toEqual(whole.data.map((person) => ({ _id: person._id })))
      expect(ids.total).toBe(whole.total)
      // The page's statement reads no rows again by id (`= any(array(…))`): its ids are the answer.
      const page = statements.filter((sql) => /^select "_id" from "people"/.test(sql))
      expect(page).toHaveLength(1)
      expect(page[0]).not.toMatch(/any\(array/)
    })

    it('keeps totals exact across writes (count cache invalidation)', async () => {
      const before = await find({ age: 25 })
      const created = (await people().create({ name: 'erin', age: 25 })) as Person
      expect((await find({ age: 25 })).total).toBe(before.total + 1)
      await people().patch(created._id, { age: 26 })
      expect((await find({ age: 25 })).total).toBe(before.total)
      await people().remove(created._id)
      expect((await find({ age: { $gte: 0 } })).total).toBe(3)
    })

    it('never lets a client set server-owned fields, and refuses unknown ones', async () => {
      const created = (await people().create(
        { name: 'mallory', _id: 'a'.repeat(24), shop: 'b'.repeat(24), counter: 99 },
        external
      )) as Person
      expect(created._id).not.toBe('a'.repeat(24))
      expect(created.shop).toBeUndefined()
      expect(created.counter).toBeUndefined()
      const patched = (await people().patch(created._id, { shop: 'c'.repeat(24), name: 'mal' }, external)) as Person
      expect(patched).toMatchObject({ name: 'mal' })
      expect(patched.shop).toBeUndefined()
      await expect(people().create({ name: 'x', isAdmin: true }, external)).rejects.toMatchObject({
        code: 400,
        message: /"isAdmin" is not a known field/
      })
      await expect(people().create({ age: 3 }, external)).rejects.toMatchObject({ code: 400, message: /"name" is required/ })
      await expect(people().patch(created._id, { age: 'x' }, external)).rejects.toMatchObject({ code: 400 })
      // An internal caller (server code) may set what it owns.
      const owned = (await people().patch(created._id, { counter: 7 })) as Person
      expect(owned.counter).toBe(7)
      await people().remove(created._id)
    })
  })
}
