import { RecordService } from '../../src/platform/records/record-service'
import { json } from '../support/clients'
import { createPeopleTable, personModel } from '../support/people'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * PGlite has one connection: concurrent callers must queue, never fail or hang, whether PGlite runs
 * in the server's thread (tests) or in a worker (`npm start`, docs/decisions/0104).
 */
describe.each([
  { host: 'in the server thread', pgliteWorker: false },
  { host: 'in a worker thread', pgliteWorker: true }
])('embedded database $host under 50 concurrent callers', ({ pgliteWorker }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      pgliteWorker,
      register: (ctx, app) =>
        app.use('people', new RecordService({ ...ctx.records, model: personModel, paginate: { default: 10, max: 50 } }))
    })
    await createPeopleTable(t.db.knex)
  })
  afterAll(() => t.close())

  it('answers every one of 50 concurrent reads and writes, three rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? json(`${t.url}/api/people`, { method: 'POST', body: JSON.stringify({ name: `n${round}-${i}`, age: i }) })
          : json(`${t.url}/api/people?age[$gte]=${i}&name[$regex]=n&$sort[age]=-1&$sort[name]=1&$limit=5`)
      )
      const statuses = (await Promise.all(calls)).map((r) => r.status)
      expect(statuses.filter((s) => s >= 300)).toEqual([])
    }
    const page = await json(`${t.url}/api/people?$limit=0`)
    expect(page.body?.total).toBe(75)
  })
})
