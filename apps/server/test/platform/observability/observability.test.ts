import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../../src/platform/observability/logger'
import { mayScrape, Observer } from '../../../src/platform/observability/observe'
import type { AppMetrics } from '../../../src/platform/observability/metrics'
import { shopOwner } from '../../support/accounts'
import { call as socketCall, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { call, operate } from '../../support/inventory-api'
import { madeOrder } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'

type Line = Record<string, unknown>

/** The value of one series in Prometheus' text format (0 when it is not there). */
const series = (text: string, name: string, labels: Record<string, string> = {}) => {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  let total = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const labelText = line.startsWith(`${name}{`) ? line.slice(name.length + 1, line.indexOf('}')) : ''
    if (wanted.every((pair) => labelText.split(',').includes(pair))) total += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return total
}

/**
 * What an operator sees (issue 38, decision 0209): a JSON line per request with its id, route, status,
 * duration, shop and user, and no secret or personal datum; Prometheus series that move with the calls;
 * liveness apart from readiness, which turns 503 when the process drains.
 */
describe.each(await dialects())('logs, metrics and readiness (%s)', (dialect) => {
  let t: TestApp
  const written: string[] = []
  const lines = () => written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Line)
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      logger: createLogger({ level: 'info', destination: { write: (text) => written.push(text) } })
    })
  })
  afterAll(() => t.close())

  const scrape = async () => {
    const response = await fetch(`${t.url}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    return response.text()
  }

  it('answers liveness and readiness apart from the app', async () => {
    const live = await fetch(`${t.url}/livez`)
    expect(live.status).toBe(200)
    const ready = await fetch(`${t.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })

  it('logs a sign-in and a sale as one line each, with ids and no secret or personal datum', async () => {
    const before = await scrape()
    const owner = await shopOwner(t.url, 'Observed')
    const warehouse = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    const tea = ((await call(t, owner, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })).body as { _id: string })._id
    expect((await operate(t, owner, { mode: 'restock', warehouse, product: tea, delta: 5 })).status).toBe(201)
    const order = await madeOrder(t, owner, {
      source: 'pos',
      products: [{ product: tea, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1000 }]
    })
    // A read (the fast path, not Koa's) and a call over the socket are logged alike.
    expect((await call(t, owner, 'GET', `orders/${order._id}`)).status).toBe(200)
    const socket = await connect(t.url)
    await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    await socketCall(socket, 'find', 'orders', { shop: owner.shopId })
    const afterCalls = await scrape()
    socket.close()

    const all = lines()
    const signIn = all.find((line) => line.service === 'authentication' && line.call === 'create' && line.transport === 'http')
    expect(signIn).toMatchObject({ level: 30, msg: 'request', method: 'POST', status: 201 })
    expect(signIn?.user).toBe(owner.userId)
    const sale = all.find((line) => line.service === 'orders' && line.call === 'create')
    expect(sale).toMatchObject({ transport: 'http', method: 'POST', status: 201, shop: owner.shopId, user: owner.userId })
    expect(typeof sale?.reqId).toBe('string')
    expect(typeof sale?.ms).toBe('number')
    const read = all.find((line) => line.service === 'orders' && line.call === 'get')
    expect(read).toMatchObject({ transport: 'http', method: 'GET', status: 200, shop: owner.shopId, user: owner.userId })
    const overSocket = all.find((line) => line.service === 'orders' && line.call === 'find' && line.transport === 'socketio')
    expect(overSocket).toMatchObject({ msg: 'call', status: 200, user: owner.userId })
    // Requests no service answered name a path without its query or ids.
    for (const line of all.filter((entry) => entry.msg === 'request' && entry.path !== undefined)) {
      expect(line.path).not.toMatch(/[?@]|[0-9a-f]{24}/)
    }
    // Nothing a person or a secret is made of: the e-mail, the password, the token, a bearer header.
    const text = written.join('')
    for (const secret of [owner.email, owner.email.split('@')[0], 'secret-123', owner.token, 'Bearer', 'password']) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(/@example\.com/)

    // The sale moved its series: the service call, its HTTP route, and the process's own.
    const orders = { service: 'orders', method: 'create', transport: 'rest', outcome: 'ok' }
    expect(series(afterCalls, 'emporia_service_call_duration_seconds_count', orders)).toBe(
      series(before, 'emporia_service_call_duration_seconds_count', orders) + 1
    )
    const route = { route: '/api/orders', method: 'POST', status: '201' }
    expect(series(afterCalls, 'emporia_http_request_duration_seconds_count', route)).toBe(
      series(before, 'emporia_http_request_duration_seconds_count', route) + 1
    )
    const socketFind = { service: 'orders', method: 'find', transport: 'socketio', outcome: 'ok' }
    expect(series(afterCalls, 'emporia_service_call_duration_seconds_count', socketFind)).toBeGreaterThan(0)
    expect(series(afterCalls, 'emporia_socket_connections')).toBeGreaterThan(0)
    expect(series(afterCalls, 'emporia_db_pool_acquire_seconds_count')).toBeGreaterThan(
      series(before, 'emporia_db_pool_acquire_seconds_count')
    )
    for (const name of [
      'emporia_db_pool_pending_acquires',
      'emporia_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes'
    ])
      expect(afterCalls).toMatch(new RegExp(`^${name}[ {]`, 'm'))
    // Every queue of the job queue has its depth, the mail drain's among them.
    expect(afterCalls).toMatch(/^emporia_jobs\{queue="[^"]+",state="queued"\} \d+$/m)
  })

  it('keeps a sane request id and replaces any other', async () => {
    const kept = await fetch(`${t.url}/api/health`, { headers: { 'X-Request-Id': 'edge-1234abcd' } })
    expect(kept.headers.get('x-request-id')).toBe('edge-1234abcd')
    const replaced = await fetch(`${t.url}/api/health`, { headers: { 'X-Request-Id': 'x y <script>' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines().some((line) => line.reqId === 'edge-1234abcd' && line.service === 'health')).toBe(true)
  })

  it('refuses a scrape a proxy forwarded', async () => {
    const response = await fetch(`${t.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })
    expect(response.status).toBe(403)
    expect(await response.text()).not.toContain('emporia_')
  })

  it('turns unready when draining while it stays alive and serving', async () => {
    t.drain()
    const ready = await fetch(`${t.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ status: 'draining' })
    expect((await fetch(`${t.url}/livez`)).status).toBe(200)
    expect((await json(`${t.url}/api/health`)).status).toBe(200)
  })
})

describe('who may scrape /metrics', () => {
  const request = (address: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress: address }, headers }) as unknown as IncomingMessage

  it('without a token: this machine only, not through a proxy', () => {
    expect(mayScrape(request('127.0.0.1'), undefined)).toBe(true)
    expect(mayScrape(request('::1'), undefined)).toBe(true)
    expect(mayScrape(request('10.0.0.5'), undefined)).toBe(false)
    expect(mayScrape(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe(false)
  })

  it('with METRICS_TOKEN: exactly that bearer token, from anywhere', () => {
    expect(mayScrape(request('10.0.0.5', { authorization: 'Bearer s3cret-token' }), 's3cret-token')).toBe(true)
    expect(mayScrape(request('127.0.0.1'), 's3cret-token')).toBe(false)
    expect(mayScrape(request('127.0.0.1', { authorization: 'Bearer s3cret-tokem' }), 's3cret-token')).toBe(false)
  })
})

describe('what the logger lets through', () => {
  it('censors secret and personal keys at any depth, and masks e-mails, bearer tokens and JWTs in text', () => {
    const written: string[] = []
    const logger = createLogger({ level: 'info', destination: { write: (text) => written.push(text) } })
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQ'
    logger.info(
      { headers: { authorization: 'Bearer abc123' }, a: { b: { password: 'pw-1', c: [{ token: 'tk-1' }] } }, email: 'x@shop.hk' },
      `mailed ann@shop.hk with ${jwt}`
    )
    const failure = Object.assign(new Error('send to bob@shop.hk failed'), {
      config: { headers: { Authorization: 'Bearer sk_live_1' } },
      code: 'ESEND'
    })
    logger.error({ err: failure }, 'mail failed')
    const text = written.join('')
    for (const secret of ['abc123', 'pw-1', 'tk-1', 'x@shop.hk', 'ann@shop.hk', jwt, 'bob@shop.hk', 'sk_live_1']) {
      expect(text).not.toContain(secret)
    }
    const [info, error] = written.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(info.a).toEqual({ b: { password: '[redacted]', c: [{ token: '[redacted]' }] } })
    expect(error.err).toMatchObject({ type: 'Error', message: 'send to [email] failed', code: 'ESEND' })
  })
})

describe('readiness', () => {
  const observer = (checks: Record<string, () => Promise<unknown>>) =>
    new Observer(createLogger({ level: 'silent' }), {} as AppMetrics, { checks, checkTimeoutMs: 200 })

  it('is not ready while starting, nor when a dependency is down or does not answer, nor while draining', async () => {
    const up = () => Promise.resolve('PONG')
    const starting = observer({ database: up })
    expect(await starting.ready()).toEqual({ ready: false, checks: {} })
    starting.state = 'ready'
    expect(await starting.ready()).toEqual({ ready: true, checks: { database: 'ok' } })
    const redisDown = observer({ database: up, redis: () => Promise.reject(new Error('ECONNREFUSED')) })
    redisDown.state = 'ready'
    expect(await redisDown.ready()).toEqual({ ready: false, checks: { database: 'ok', redis: 'down' } })
    // A dependency that never answers counts as down once the check's time is up.
    const hanging = observer({ database: () => new Promise(() => undefined) })
    hanging.state = 'ready'
    expect(await hanging.ready()).toEqual({ ready: false, checks: { database: 'down' } })
    starting.state = 'draining'
    expect((await starting.ready()).ready).toBe(false)
  })
})
