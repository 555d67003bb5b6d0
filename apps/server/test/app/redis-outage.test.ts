import type { Socket } from 'socket.io-client'
import { login, shopOwner } from '../support/accounts'
import { call, connect } from '../support/clients'
import { clusterOnPostgres, shopApi } from '../support/cluster'
import { postgresReachable } from '../support/databases'
import { privateRedis, REDIS_URL, redisReachable, redisServerInstalled } from '../support/redis'
import { eventHeard } from '../support/waits'

const ready = (await postgresReachable()) && (await redisReachable()) && redisServerInstalled()
if (!ready && process.env.REQUIRE_POSTGRES === '1')
  throw new Error('the Redis outage test needs PostgreSQL, Redis and a redis-server binary')

/** A bound on one call made while Redis is away, so a call that hangs is reported instead of hanging the test. */
const within = <T>(promise: Promise<T>, ms = 20_000) =>
  Promise.race([promise, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))])

/**
 * Decisions 0209 and 0218: process A of a two-process cluster uses a Redis of the test's own, which the test
 * stops and starts again; B uses the shared one. A's /readyz answers 503 (redis down) while its Redis is away
 * and 200 once it is back; the proxy leaves A out meanwhile and takes it back after.
 */
describe.skipIf(!ready)('a process whose Redis goes away (decisions 0209, 0218)', { timeout: 300_000 }, () => {
  it('answers /readyz 503 and is left out by the proxy while its Redis is away, 200 and taken back after', async () => {
    const redis = await privateRedis()
    let launches = 0
    const { cluster, base, stop } = await clusterOnPostgres('redis-outage', {
      // Read once per process started: the first (A) gets the private Redis, the next ones the shared one.
      get REDIS_URL() {
        return launches++ === 0 ? redis.url : REDIS_URL
      }
    })
    const [a, b] = cluster.upstreams()
    const aUrl = `http://127.0.0.1:${a.port}`
    const upstream = (id: string) => cluster.upstreams().find((u) => u.id === id)!
    let socket: Socket | undefined
    try {
      expect([a.ready, b.ready]).toEqual([true, true])
      const owner = await shopOwner(aUrl, 'Outage')
      const api = shopApi(aUrl, owner)
      const warehouse = ((await api('GET', 'warehouses')).body?.data as { _id: string }[])[0]._id
      const product = ((await api('POST', 'products', { name: { en: 'Outage' }, price: 500 })).body as { _id: string })._id
      expect((await api('POST', 'inventories', { warehouse, product, quantity: 1000 })).status).toBe(201)
      const sell = () =>
        api('POST', 'orders', {
          source: 'pos',
          warehouse,
          products: [{ product, quantity: 1 }],
          payments: [{ method: 'cash', amount: 500 }]
        })
      // The staff's socket on A, signed in, following the shop's orders.
      socket = await connect(aUrl)
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      const readyz = async (url: string) => {
        const response = await fetch(`${url}/readyz`)
        return { status: response.status, body: (await response.json()) as { checks?: Record<string, string> } }
      }
      expect(await readyz(aUrl)).toMatchObject({ status: 200, body: { checks: { database: 'ok', redis: 'ok' } } })

      // Redis goes away: A says it cannot serve, and the proxy stops sending to it.
      await redis.stop()
      await expect
        .poll(() => readyz(aUrl), { timeout: 30_000 })
        .toMatchObject({
          status: 503,
          body: { checks: { database: 'ok', redis: 'down' } }
        })
      await expect.poll(() => upstream(a.id).ready, { timeout: 30_000 }).toBe(false)
      const aServed = upstream(a.id).served
      // Through the proxy, /readyz is answered by B only (A would answer 503).
      for (let i = 0; i < 10; i++) expect((await fetch(`${base}/readyz`)).status).toBe(200)
      expect(upstream(a.id).served).toBe(aServed)

      // Meanwhile, on A itself (what a client already connected to it, or a balancer that ignored /readyz, sees).
      const heardDuring = eventHeard<{ _id: string }>(socket, 'orders created')
      const soldDuring = await within(sell())
      const heardDuringOrder = await within(heardDuring)
      const signIn = await within(login(aUrl, owner.email, 'secret-123'))
      const fresh = await within(connect(aUrl))
      const freshAuth =
        fresh === 'no answer'
          ? 'no socket'
          : await within(call(fresh, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token }).then(() => 'ok'))
      if (fresh !== 'no answer') fresh.close()
      const during = {
        socketConnected: socket.connected,
        sale: soldDuring === 'no answer' ? soldDuring : soldDuring.status,
        saleHeardLive: heardDuringOrder !== 'no answer',
        signIn: signIn === 'no answer' ? signIn : signIn.status,
        newSocketSignIn: freshAuth
      }

      // Redis is back: A is ready again and the proxy sends to it again.
      await redis.start()
      await expect.poll(() => readyz(aUrl), { timeout: 60_000 }).toMatchObject({ status: 200, body: { checks: { redis: 'ok' } } })
      await expect.poll(() => upstream(a.id).ready, { timeout: 30_000 }).toBe(true)
      await expect
        .poll(async () => ((await fetch(`${base}/readyz`)).status === 200 ? upstream(a.id).served : -1), { timeout: 30_000 })
        .toBeGreaterThan(aServed)
      const heardAfter = eventHeard<{ _id: string }>(socket, 'orders created')
      const soldAfter = await sell()
      expect(soldAfter.status).toBe(201)
      expect((await heardAfter)._id).toBe((soldAfter.body as { _id: string })._id)
      const after = { socketConnected: socket.connected }

      console.info(`redis outage on process A: during ${JSON.stringify(during)}, after ${JSON.stringify(after)}`)
      expect(during).toEqual({ socketConnected: true, sale: 201, saleHeardLive: true, signIn: 201, newSocketSignIn: 'ok' })
    } finally {
      socket?.close()
      await stop()
      await redis.stop()
    }
  })
})
