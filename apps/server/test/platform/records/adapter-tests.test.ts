import { adapterTests } from '@feathersjs/adapter-tests'
import * as errors from '@feathersjs/errors'
import type { AdapterTestName } from '@feathersjs/adapter-tests'
import { RecordService } from '../../../src/platform/records/record-service'
import { dialects } from '../../support/databases'
import { createPeopleTable, personModel } from '../../support/people'
import { startTestApp, type TestApp } from '../../support/test-app'

// Every test the official suite exports, none skipped ('.id' always runs and is not selectable).
const ALL_TESTS: AdapterTestName[] = [
  '.options',
  '.events',
  '._get',
  '._find',
  '._create',
  '._update',
  '._patch',
  '._remove',
  '.get',
  '.get + $select',
  '.get + id + query',
  '.get + NotFound',
  '.get + NotFound (integer)',
  '.get + id + query id',
  '.find',
  '.remove',
  '.remove + $select',
  '.remove + id + query',
  '.remove + NotFound',
  '.remove + NotFound (integer)',
  '.remove + multi',
  '.remove + multi no pagination',
  '.remove + id + query id',
  '.update',
  '.update + $select',
  '.update + id + query',
  '.update + NotFound',
  '.update + NotFound (integer)',
  '.update + query + NotFound',
  '.update + id + query id',
  '.patch',
  '.patch + $select',
  '.patch + id + query',
  '.patch multiple',
  '.patch multiple no pagination',
  '.patch multi query same',
  '.patch multi query changed',
  '.patch + NotFound',
  '.patch + NotFound (integer)',
  '.patch + query + NotFound',
  '.patch + id + query id',
  '.create',
  '.create + $select',
  '.create multi',
  '.create ignores query',
  'internal .find',
  'internal .get',
  'internal .create',
  'internal .update',
  'internal .patch',
  'internal .remove',
  '.find + equal',
  '.find + equal multiple',
  '.find + $sort',
  '.find + $sort + string',
  '.find + $limit',
  '.find + $limit 0',
  '.find + $skip',
  '.find + $select',
  '.find + $or',
  '.find + $in',
  '.find + $nin',
  '.find + $lt',
  '.find + $lte',
  '.find + $gt',
  '.find + $gte',
  '.find + $ne',
  '.find + $gt + $lt + $sort',
  '.find + $or nested + $sort',
  '.find + $and',
  '.find + $and + $or',
  'params.adapter + paginate',
  'params.adapter + multi',
  '.find + paginate',
  '.find + paginate + query',
  '.find + paginate + $limit + $skip',
  '.find + paginate + $limit 0',
  '.find + paginate + params'
]

for (const dialect of await dialects()) {
  describe(`Feathers adapter suite on ${dialect}`, () => {
    const holder: { app?: TestApp } = {}
    const appProxy = new Proxy({}, { get: (_target, key) => Reflect.get(holder.app!.app, key, holder.app!.app) })

    beforeAll(async () => {
      holder.app = await startTestApp(dialect, {
        listen: false,
        register: (ctx, app) => {
          app.use('people', new RecordService({ ...ctx.records, model: personModel, events: ['testing'], paginate: undefined }))
        }
      })
      await createPeopleTable(holder.app.db.knex)
    })
    afterAll(() => holder.app?.close())

    adapterTests(ALL_TESTS)(appProxy as never, errors, 'people', '_id')
  })
}
