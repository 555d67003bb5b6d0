import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { shopOwner } from '../support/accounts'
import { json } from '../support/clients'
import { clusterOnPostgres, shopApi } from '../support/cluster'
import { postgresReachable } from '../support/databases'
import { redisReachable } from '../support/redis'

const ready = (await postgresReachable()) && (await redisReachable())
if (!ready && process.env.REQUIRE_POSTGRES === '1') throw new Error('the rolling restart test needs PostgreSQL and Redis')

const PRODUCTS = 4
const STOCK = 100_000
const TILLS = 3
const SHOPPERS = 2
/** A client gives up on one request after this many tries (the test then fails: a request was lost). */
const MAX_TRIES = 30

interface Tally {
  requests: number
  answered: number
  retries: number
  /** Answers that were not 2xx, by status ('network' when no answer came): each was retried with the same key. */
  failures: Record<string, number>
  lost: string[]
  /** The last refusal's answer, to say why a request was lost. */
  last?: unknown
}

/**
 * Decision 0213: two built server processes behind `npm run cluster`'s proxy, on PostgreSQL + Redis. Tills
 * sell for cash and shoppers check out, each request with its retry key, while both processes are replaced
 * one after the other; a socket.io client follows the shop's orders and refetches after every reconnection.
 */
describe.skipIf(!ready)('rolling restart and a killed process under load (decision 0213)', { timeout: 300_000 }, () => {
  it('loses no request, duplicates no order, keeps stock = ledger, and a reconnected socket recovers every order', async () => {
    const { cluster, shared, base, stop } = await clusterOnPostgres('rolling-restart', {
      // The cluster's proxy and, in front of it, a balancer naming each shopper (the test stands in for it):
      // each shopper's own address counts for the storefront's rate limits.
      TRUST_PROXY: '2'
    })
    let socket: Socket | undefined
    try {
      const owner = await shopOwner(base, 'Rolling')
      const api = shopApi(base, owner)
      const patched = await json(`${base}/api/shops/${owner.shopId}`, {
        method: 'PATCH',
        token: owner.token,
        body: JSON.stringify({
          bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Rolling Ltd', no: '001-2', enabled: true }] },
          pickUp: { enabled: true }
        })
      })
      expect(patched.status).toBe(200)
      const warehouse = ((await api('GET', 'warehouses')).body?.data as { _id: string }[])[0]._id
      const products: string[] = []
      for (let i = 0; i < PRODUCTS; i++) {
        const made = await api('POST', 'products', { name: { en: `Rolling ${i}` }, price: 1000 + i * 250 })
        expect(made.status).toBe(201)
        const product = (made.body as { _id: string })._id
        expect((await api('POST', 'inventories', { warehouse, product, quantity: STOCK })).status).toBe(201)
        products.push(product)
      }
      const subdomain = ((await json(`${base}/api/shops/${owner.shopId}`, { token: owner.token })).body as { subdomain: string })
        .subdomain

      // The staff's socket: signs in again after every reconnection and refetches what it may have missed.
      const heard = new Set<string>()
      let connects = 0
      socket = io(base, { path: '/api/socket.io', transports: ['websocket'], forceNew: true, reconnectionDelayMax: 500 })
      socket.on('orders created', (order: { _id: string }) => heard.add(order._id))
      socket.on('connect', () => {
        connects++
        socket!.emit('create', 'authentication', { strategy: 'jwt', accessToken: owner.token }, () => undefined)
      })
      await new Promise<void>((resolve) => socket!.once('connect', () => resolve()))

      const tally: Tally = { requests: 0, answered: 0, retries: 0, failures: {}, lost: [] }
      /** Answered by key: what the client was told it made. */
      const made = new Map<string, string>()
      let restarted = false
      /** One client request, retried with the same key until it is answered 2xx, as a till or a browser does. */
      const send = async (key: string, request: () => Promise<{ status: number; body?: Record<string, unknown> }>) => {
        tally.requests++
        for (let tries = 1; tries <= MAX_TRIES; tries++) {
          let status: string
          try {
            const answer = await request()
            if (answer.status >= 200 && answer.status < 300) {
              tally.answered++
              const order = (answer.body?.order as { _id: string } | undefined) ?? (answer.body as { _id: string })
              made.set(key, order._id)
              return
            }
            status = String(answer.status)
            tally.last = answer.body
          } catch {
            status = 'network'
          }
          tally.failures[status] = (tally.failures[status] ?? 0) + 1
          tally.retries++
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        tally.lost.push(key)
      }
      const till = async (t: number) => {
        for (let n = 0; !restarted; n++) {
          const key = `till-${t}-${n}-${randomUUID()}`
          const lines = [
            { product: products[n % PRODUCTS], quantity: 1 },
            { product: products[(n + t + 1) % PRODUCTS], quantity: 2 }
          ]
          const due = lines.reduce((sum, line) => sum + (1000 + products.indexOf(line.product) * 250) * line.quantity, 0)
          await send(key, () =>
            api('POST', 'orders', {
              source: 'pos',
              warehouse,
              products: lines,
              payments: [{ method: 'cash', amount: due }],
              idempotencyKey: key
            })
          )
        }
      }
      const shopper = async (s: number) => {
        for (let n = 0; !restarted; n++) {
          const key = `shopper-${s}-${n}-${randomUUID()}`
          await send(`storefront:${key}`, () =>
            json(`${base}/s/${subdomain}/_commerce/checkout`, {
              method: 'POST',
              // Each checkout is another shopper's browser (the storefront limits checkouts per address).
              headers: { 'x-forwarded-for': `198.51.100.${(s * 100 + n) % 250}` },
              body: JSON.stringify({
                lines: [{ product: products[(n + s) % PRODUCTS], quantity: 1 }],
                // Another shopper each time: a shop limits how many unpaid orders one shopper holds.
                customer: {
                  firstName: 'Rolling',
                  email: `shopper${s}-${n}@example.com`,
                  phone: `9${String(s * 1_000_000 + n).padStart(7, '0')}`
                },
                payment: 'bank',
                idempotencyKey: key
              })
            })
          )
        }
      }
      cluster.resetCounts()
      const load = Promise.all([
        ...Array.from({ length: TILLS }, (_, t) => till(t)),
        ...Array.from({ length: SHOPPERS }, (_, s) => shopper(s))
      ])
      // The restart starts once the load runs and both processes have sold.
      await expect.poll(() => tally.answered, { timeout: 30_000 }).toBeGreaterThanOrEqual(10)
      const connectsBefore = connects
      await cluster.rollingRestart()
      // A few more sales on the new processes; then one of them dies without draining (kill -9) under the load:
      // a create cut off there is sent again with its key (by the proxy or the client), and the cluster replaces it.
      const afterRestart = tally.answered
      await expect.poll(() => tally.answered, { timeout: 30_000 }).toBeGreaterThanOrEqual(afterRestart + 10)
      const [victim] = cluster.pids()
      process.kill(victim, 'SIGKILL')
      await expect.poll(() => cluster.pids().filter((pid) => pid !== victim).length, { timeout: 60_000 }).toBe(2)
      const afterKill = tally.answered
      await expect.poll(() => tally.answered, { timeout: 30_000 }).toBeGreaterThanOrEqual(afterKill + 10)
      restarted = true
      await load
      const proxy = cluster.counts()

      // Every request was answered 2xx in the end, each retry with the same key.
      expect({ lost: tally.lost, last: tally.lost.length ? tally.last : undefined }).toEqual({ lost: [], last: undefined })
      expect(tally.answered).toBe(tally.requests)
      expect(proxy.failed).toBe(0)
      expect(proxy.restarts).toBe(2)

      // The database holds exactly the answered orders: one per key, none without an answer.
      const rows = (await shared.knex('orders').where({ shop: owner.shopId }).select('_id', 'idempotencyKey')) as {
        _id: string
        idempotencyKey: string | null
      }[]
      const byKey = new Map(rows.map((row) => [row.idempotencyKey, row._id]))
      expect(rows.length).toBe(made.size)
      expect(byKey.size).toBe(rows.length)
      for (const [key, id] of made) expect(byKey.get(key)).toBe(id)

      // Stock = ledger, for every product.
      for (const product of products) {
        const stock = (await shared.knex('stocks').where({ warehouse, product, sku: '' }).first('quantity')) as {
          quantity: string | number
        }
        const [{ sum }] = (await shared
          .knex('inventoryLogs')
          .where({ warehouse, product, sku: '', status: 'done' })
          .sum({ sum: 'delta' })) as { sum: string | number }[]
        expect(Number(stock.quantity)).toBe(Number(sum))
      }

      // The socket was cut with its process and came back; what it missed, a refetch recovers: the same as the database.
      expect(connects).toBeGreaterThan(connectsBefore)
      const refetched = new Set<string>()
      for (let skip = 0; ; skip += 100) {
        const page = await api('GET', 'orders', undefined, `&$limit=100&$skip=${skip}&$sort[_id]=1`)
        expect(page.status).toBe(200)
        const data = page.body?.data as { _id: string }[]
        for (const order of data) refetched.add(order._id)
        if (data.length < 100) break
      }
      expect([...refetched].sort()).toEqual(rows.map((row) => row._id).sort())
      for (const id of heard) expect(refetched.has(id)).toBe(true)

      console.info(
        `rolling restart: ${tally.requests} requests, ${tally.retries} retries by clients ${JSON.stringify(tally.failures)}, ` +
          `${proxy.proxied} proxied, ${proxy.retried} retried by the proxy, ${proxy.restarts} processes restarted, ` +
          `a process killed, ${connects - 1} socket reconnections, ${heard.size}/${rows.length} orders heard live`
      )
    } finally {
      socket?.close()
      await stop()
    }
  })
})
