import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { createDb } from '../../src/platform/db/knex'
import { RecordService } from '../../src/platform/records/record-service'
import { call, connect, json, signUp } from '../support/clients'
import { freshDb, postgresReachable } from '../support/databases'
import { REDIS_URL, redisReachable } from '../support/redis'
import { createPeopleTable, personModel, publishPeopleToSignedIn } from '../support/people'
import { startServerProcess, waitHealthy } from '../support/server-process'
import { eventHeard } from '../support/waits'

const ready = (await postgresReachable()) && (await redisReachable())
if (!ready && process.env.REQUIRE_POSTGRES === '1') throw new Error('scale-out test needs PostgreSQL and Redis')

describe.skipIf(!ready)('scale-out: two servers share events through the socket.io Redis adapter', () => {
  it('a record created through server A reaches a socket connected to server B, and B’s totals follow', async () => {
    const shared = await freshDb('postgres')
    const start = async () => {
      // Each server has its own database pool, as separate processes would.
      const db = await createDb({ databaseUrl: shared.url, dataDir: 'unused' })
      const config = loadConfig(
        {},
        { authSecret: 'scale-out-secret-long-enough', logLevel: 'silent', redisUrl: REDIS_URL, databaseUrl: shared.url }
      )
      const emporia = await createApp(config, {
        db,
        register: (ctx, app) => {
          app.use('people', new RecordService({ ...ctx.records, model: personModel, paginate: { default: 10, max: 50 } }))
          publishPeopleToSignedIn(app)
        }
      })
      const server = await emporia.app.listen(0, '127.0.0.1')
      if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
      return { url, close: async () => (await emporia.close(), await db.close()) }
    }
    await createPeopleTable(shared.knex)
    const a = await start()
    const b = await start()
    try {
      const { token } = await signUp(a.url)
      const socketOnB = await connect(b.url)
      await call(socketOnB, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
      // B caches a total before A writes
      expect((await json(`${b.url}/api/people?name=Shared`)).body?.total).toBe(0)

      const heard = eventHeard<{ name: string }>(socketOnB, 'people created')
      const created = await json(`${a.url}/api/people`, { method: 'POST', body: JSON.stringify({ name: 'Shared' }) })
      expect(created.status).toBe(201)
      expect(await heard).toMatchObject({ name: 'Shared' })
      // A's write reached B's count cache as an invalidation. The poll stays below the cache's 30 s
      // time-to-live (src/app.ts), which would otherwise let B count afresh without it.
      await expect.poll(async () => (await json(`${b.url}/api/people?name=Shared`)).body?.total, { timeout: 20_000 }).toBe(1)
      socketOnB.close()
    } finally {
      await a.close()
      await b.close()
      await shared.close()
    }
  })
})

// Real server processes start on fresh databases: beside CI's other suites that can take minutes.
describe.skipIf(!ready)('scale-out with real server processes', { timeout: 300_000 }, () => {
  it('an account patched through process A is heard by its socket on process B', async () => {
    const shared = await freshDb('postgres')
    const env = { DATABASE_URL: shared.url!, REDIS_URL, LOG_LEVEL: 'silent' }
    const a = await startServerProcess(env)
    const b = await startServerProcess(env)
    try {
      await Promise.all([waitHealthy(a), waitHealthy(b)])
      const { token, userId } = await signUp(a.url)
      const socketOnB = await connect(b.url)
      await call(socketOnB, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
      const heard = eventHeard<{ firstName: string }>(socketOnB, 'users patched')
      const patched = await json(`${a.url}/api/users/${userId}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ firstName: 'Scaled' })
      })
      expect(patched.status).toBe(200)
      expect((await heard).firstName).toBe('Scaled')
      socketOnB.close()
    } finally {
      for (const server of [a, b]) server.child.kill('SIGTERM')
      await Promise.all([a.exited, b.exited])
      await shared.close()
    }
  })
})
