import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BadRequest, Forbidden, NotFound, TooManyRequests } from '@feathersjs/errors'
import type { HookContext, Id, Params } from '@feathersjs/feathers'
import { Koa } from '@feathersjs/koa'
import { signUp } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/** Answers that exercise every branch of the REST answer: errors, odd bodies, headers, statuses. */
class Probe {
  async find(params: Params) {
    const { query, route, provider, address, authentication, headers } = params as Params & Record<string, unknown>
    // The headers' names: the values hold each server's own port.
    return {
      query,
      route,
      provider,
      address,
      authentication: authentication ?? null,
      headers: Object.keys(headers ?? {}),
      // Every param the transport set, in order: nothing more or less on either path.
      params: Object.keys(params)
    }
  }

  async get(id: Id, params: Params) {
    switch (id) {
      case 'bad':
        throw new BadRequest('Bad probe', { field: 'x' })
      case 'missing':
        throw new NotFound('No probe')
      case 'forbidden':
        throw new Forbidden('Not yours', { key: 'errors.forbidden' })
      case 'slow-down':
        throw new TooManyRequests('Wait', { retryAfter: 7 })
      case 'crash':
        throw new Error('internal secret text')
      case 'nothing':
        return null
      case 'text':
        return '<b>text</b>' as unknown as object
      case 'list':
        return [1, 2, 3] as unknown as object
      case 'bigint':
        return { n: 1n }
      default:
        return { id, query: params.query, route: params.route }
    }
  }

  async create(data: object) {
    return data
  }
}

const [dialect] = await dialects()

describe(`fast reads answer exactly as the Koa path (${dialect})`, () => {
  let t: TestApp
  let koaOnly: Server
  let koaUrl: string
  const hookRuns: string[] = []
  let token: string
  let userId: string

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      register: (_ctx, app) => {
        app.use('probe', new Probe(), { methods: ['find', 'get', 'create'] })
        // A service with Koa middleware of its own keeps the Koa path (its middleware must run).
        app.use('probeKoa', new Probe(), {
          methods: ['get'],
          koa: {
            after: [
              async (ctx, next) => {
                ctx.set('X-Koa-After', 'ran')
                await next()
              }
            ]
          }
        })
        app.service('probe').hooks({
          before: { all: [(ctx: HookContext) => void hookRuns.push(`${ctx.method}:${String(ctx.id ?? '')}`)] },
          after: {
            get: [
              (ctx: HookContext) => {
                if (ctx.id === 'headers') ctx.http = { ...ctx.http, headers: { 'X-Probe': 'yes' } }
                if (ctx.id === 'accepted') ctx.http = { ...ctx.http, status: 202 }
              }
            ]
          }
        })
      }
    })
    // The same application behind Koa's own listener: the reference every answer is compared with.
    koaOnly = createServer(Koa.prototype.callback.call(t.app) as never)
    await new Promise<void>((resolve) => koaOnly.listen(0, '127.0.0.1', resolve))
    koaUrl = `http://127.0.0.1:${(koaOnly.address() as AddressInfo).port}`
    ;({ token, userId } = await signUp(t.url))
  })
  afterAll(async () => {
    koaOnly.closeAllConnections()
    await new Promise((resolve) => koaOnly.close(resolve))
    await t.close()
  })

  /** Status, headers (without Date) and body bytes of one request. */
  const answer = (base: string, path: string, method = 'GET', headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          // Each answer has its own request id (decision 0209), as it has its own date.
          const { date: _date, 'x-request-id': _requestId, ...rest } = res.headers
          resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks).toString('utf8') })
        })
      })
      req.on('error', reject)
      req.end()
    })

  const same = async (path: string, method = 'GET', headers: Record<string, string> = {}) => {
    // One Host for both servers: the web app's policy names it.
    const fast = await answer(t.url, path, method, { host: 'shop.example', ...headers })
    const slow = await answer(koaUrl, path, method, { host: 'shop.example', ...headers })
    expect(fast).toEqual(slow)
    return fast
  }

  /** How many Koa contexts a request built: none when the fast path answered it. */
  const koaContexts = async (path: string, method = 'GET', headers: Record<string, string> = {}) => {
    const spy = vi.spyOn(t.app as unknown as { createContext: (...args: unknown[]) => unknown }, 'createContext')
    try {
      await answer(t.url, path, method, headers)
      return spy.mock.calls.length
    } finally {
      spy.mockRestore()
    }
  }

  it('answers plain reads without Koa, with the same status, headers and body', async () => {
    for (const path of [
      '/api/probe/abc',
      '/api/probe/abc?x=1&y[z]=2&list=a&list=b',
      '/api/probe',
      '/api/health',
      '/api/probe/list'
    ])
      expect(await koaContexts(path), path).toBe(0)
    const read = await same('/api/probe/abc?x=1&y[z]=2&list=a&list=b&$limit=3')
    expect(read.status).toBe(200)
    expect(JSON.parse(read.body)).toEqual({
      id: 'abc',
      query: { x: '1', y: { z: '2' }, list: ['a', 'b'], $limit: '3' },
      route: {}
    })
    expect(read.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8')
    for (const path of [
      '/api/probe/abc',
      '/api/probe/list',
      '/api/probe',
      '/api/health',
      '/api/probe/%E4%B8%AD%20x',
      '/api/probe/abc?',
      '/api//probe/abc',
      '/api/probe/abc/',
      '/apiprobe',
      '/API/probe/abc'
    ])
      await same(path)
  })

  it('builds the same params: provider, address, query, route, parsed credentials', async () => {
    const anonymous = await same('/api/probe?q=1')
    expect(JSON.parse(anonymous.body)).toMatchObject({
      provider: 'rest',
      address: '127.0.0.1',
      query: { q: '1' },
      authentication: null
    })
    const signedIn = await same('/api/probe', 'GET', { authorization: `Bearer ${token}` })
    expect(JSON.parse(signedIn.body).authentication).toEqual({ strategy: 'jwt', accessToken: token })
    const otherScheme = await same('/api/probe', 'GET', { authorization: 'Basic abc' })
    expect(JSON.parse(otherScheme.body).authentication).toBeNull()
  })

  it('runs every hook: the service hooks see each fast read', async () => {
    hookRuns.length = 0
    await answer(t.url, '/api/probe/hooked')
    await answer(t.url, '/api/probe')
    expect(hookRuns).toEqual(['get:hooked', 'find:'])
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    expect(await koaContexts('/api/probe/abc', 'HEAD')).toBe(0)
    const head = await same('/api/probe/abc', 'HEAD')
    const get = await same('/api/probe/abc')
    expect(head.body).toBe('')
    expect(head.headers).toEqual(get.headers)
    await same('/api/probe/bad', 'HEAD')
    await same('/api/nothing-here', 'HEAD')
  })

  it('hands errors to the Koa error handler: 400, 401, 403, 404, 405, 429, 500', async () => {
    const cases: [string, number, Record<string, string>?][] = [
      ['/api/probe/bad', 400],
      ['/api/probe/missing', 404],
      ['/api/probe/forbidden', 403],
      ['/api/probe/slow-down', 429],
      ['/api/probe/crash', 500],
      ['/api/users', 401],
      [`/api/users/${userId}`, 401, { authorization: 'Bearer not-a-token' }],
      ['/api/authentication', 405],
      ['/api/probe/abc', 405, { 'x-service-method': 'find' }],
      ['/api/nothing-here', 404],
      ['/api/probe/a/b/c', 404],
      ['/api', 404],
      [`/api/files/${'0'.repeat(24)}`, 404],
      ['/api/payments/webhooks/stripe/shop', 405]
    ]
    for (const [path, status, headers] of cases) {
      const reply = await same(path, 'GET', headers)
      expect(reply.status, path).toBe(status)
      expect(JSON.parse(reply.body).code, path).toBe(status)
    }
    expect((await same('/api/probe/slow-down')).headers['retry-after']).toBe('7')
    expect((await same('/api/probe/crash')).body).not.toContain('secret')
  })

  it('hands unusual answers to Koa: null, text, own headers, own status', async () => {
    expect((await same('/api/probe/nothing')).status).toBe(204)
    expect((await same('/api/probe/text')).headers['content-type']).toMatch(/^text\/html/)
    expect((await same('/api/probe/headers')).headers['x-probe']).toBe('yes')
    expect((await same('/api/probe/accepted')).status).toBe(202)
    // JSON cannot encode it: Koa's own 500, on both paths.
    expect((await same('/api/probe/bigint')).status).toBe(500)
  })

  it('reads with credentials answer alike, and writes keep the Koa path', async () => {
    const own = await same(`/api/users/${userId}`, 'GET', { authorization: `Bearer ${token}` })
    expect(own.status).toBe(200)
    expect(await koaContexts(`/api/users/${userId}`, 'GET', { authorization: `Bearer ${token}` })).toBe(0)
    expect(await koaContexts('/api/probe', 'POST')).toBe(1)
    expect(await koaContexts(`/api/files/${'0'.repeat(24)}`)).toBe(1)
    expect(await koaContexts('/api/dev/mailbox')).toBe(1)
    expect(await koaContexts('/api/probeKoa/abc')).toBe(1)
    expect((await same('/api/probeKoa/abc')).headers['x-koa-after']).toBe('ran')
  })
})
