import { randomUUID, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import type { Logger } from 'pino'
import type { AppMetrics } from './metrics'
import { maskSegment, routeLabel } from './metrics'
import { rememberRequest, requestOf, type RequestRecord } from './request-context'

/*
 * What an operator sees of each request (issue 38, decision 0209): one JSON log line and one observation
 * of the request histogram per HTTP request, taken around the whole HTTP listener (Koa and the fast read
 * path alike), and one per socket service call; plus the operator's own endpoints, answered before any
 * of the app's middleware: `/livez` (the process answers), `/readyz` (it can serve: started, not draining,
 * its database and Redis answer) and `/metrics` (Prometheus, for the operator only).
 */

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown

/**
 * Answers the request's id in `X-Request-Id` on the Koa path (first in its chain; the fast read path writes it
 * with its other headers). Not set by the listener's wrapper itself: a header set before the fast path's
 * `writeHead(status, list)` sends Node down its slow merging path, which cost more than the rest of the line.
 */
export const requestIdHeader = (
  ctx: { req: IncomingMessage; set: (name: string, value: string) => void },
  next: () => Promise<unknown>
) => {
  const request = requestOf(ctx.req.headers)
  if (request) ctx.set('X-Request-Id', request.id)
  return next()
}

/** An incoming X-Request-Id is kept when it is plainly an id: a proxy's or a client's, never free text. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/

export const requestIdOf = (req: IncomingMessage) => {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID()
}

/** The path a log line names: no query, ids and other values masked. */
const loggedPath = (url: string | undefined) => {
  const path = (url ?? '/').split('?')[0] ?? '/'
  return `/${path.split('/').filter(Boolean).slice(0, 6).map(maskSegment).join('/')}`
}

export type ReadinessState = 'starting' | 'ready' | 'draining'

export interface ReadinessChecks {
  /** Named checks, each resolving when its dependency answers (the database, Redis). */
  [name: string]: () => Promise<unknown>
}

export interface OperatorEndpointsOptions {
  /** METRICS_TOKEN: `/metrics` wants it as a bearer token; unset, only this machine may scrape. */
  metricsToken?: string
  checks: ReadinessChecks
  /** How long a readiness check may take before it counts as down, in ms. */
  checkTimeoutMs?: number
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * Whether a scrape is the operator's: with a token, exactly that bearer token; without one, a peer on
 * this machine that no proxy forwarded (a reverse proxy on the same machine would make the whole
 * internet look local, and it says so with forwarding headers).
 */
export const mayScrape = (req: IncomingMessage, token: string | undefined) => {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? ''
    const a = Buffer.from(given)
    const b = Buffer.from(token)
    return a.length === b.length && timingSafeEqual(a, b)
  }
  const forwarded = req.headers['x-forwarded-for'] || req.headers.forwarded || req.headers['x-real-ip']
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '')
}

const within = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    )
  })

export const OPERATOR_PATHS = new Set(['/livez', '/readyz', '/metrics'])

export class Observer {
  state: ReadinessState = 'starting'

  constructor(
    private readonly logger: Logger,
    private readonly metrics: AppMetrics,
    private readonly endpoints: OperatorEndpointsOptions
  ) {}

  /** The HTTP listener with the request's id, log line and metrics around it. */
  wrap(listener: Listener): Listener {
    return (req, res) => {
      const path = (req.url ?? '/').split('?')[0]
      if (OPERATOR_PATHS.has(path)) return this.operator(req, res, path)
      const started = performance.now()
      const record: RequestRecord = { id: requestIdOf(req) }
      rememberRequest(req.headers, record)
      res.once('close', () => this.finished(req, res, record, started))
      return listener(req, res)
    }
  }

  private finished(req: IncomingMessage, res: ServerResponse, record: RequestRecord, started: number) {
    const ms = performance.now() - started
    // A caller that went away before the answer was written: nginx's 499.
    const status = res.writableFinished ? res.statusCode : 499
    const route = record.service ? `/api/${record.service}` : routeLabel((req.url ?? '/').split('?')[0] ?? '/')
    this.metrics.http.observe({ route, method: req.method ?? 'GET', status: String(status) }, ms / 1000)
    if (!this.logger.isLevelEnabled('info')) return
    this.logger.info(
      {
        reqId: record.id,
        transport: 'http',
        method: req.method,
        path: record.service ? undefined : loggedPath(req.url),
        service: record.service,
        call: record.call,
        status,
        ms: Math.round(ms * 10) / 10,
        shop: record.shop,
        user: record.user
      },
      'request'
    )
  }

  /** An app-wide around hook: every call of an outside caller (REST or socket) is timed and named. */
  readonly hook = async (context: HookContext, next: NextFunction) => {
    const provider = context.params.provider as string | undefined
    if (!provider) return next()
    const started = performance.now()
    // The request's record names its first outside call (a REST request is one call).
    const record = provider === 'rest' ? requestOf(context.params.headers) : undefined
    const first = record !== undefined && record.service === undefined
    if (first) record.service = context.path
    let outcome = 'ok'
    let status = context.method === 'create' ? 201 : 200
    try {
      await next()
      if (context.http?.status) status = context.http.status
    } catch (error) {
      const code = (error as { code?: unknown }).code
      status = typeof code === 'number' && code >= 400 && code < 600 ? code : 500
      outcome = status >= 500 ? 'error' : 'refused'
      throw error
    } finally {
      const ms = performance.now() - started
      const params = context.params as { user?: { _id?: unknown }; shop?: unknown }
      // A sign-in's caller is who it signed in as (the answer names them; its params have nobody yet).
      const signedIn =
        context.path === 'authentication' ? (context.result as { user?: { _id?: unknown } } | undefined)?.user : undefined
      const who = params.user?._id ?? signedIn?._id
      const user = who === undefined ? undefined : String(who)
      const shop = typeof params.shop === 'string' ? params.shop : undefined
      if (first) Object.assign(record, { call: context.method, user, shop })
      this.metrics.calls.observe({ service: context.path, method: context.method, transport: provider, outcome }, ms / 1000)
      // REST calls are logged with their request; socket calls have no request of their own.
      if (provider !== 'rest' && this.logger.isLevelEnabled('info'))
        this.logger.info(
          {
            reqId: randomUUID(),
            transport: provider,
            service: context.path,
            call: context.method,
            status,
            ms: Math.round(ms * 10) / 10,
            shop,
            user
          },
          'call'
        )
    }
  }

  private operator(req: IncomingMessage, res: ServerResponse, path: string) {
    const answer = (status: number, body: string, type = 'application/json; charset=utf-8', extra: string[] = []) => {
      res.writeHead(status, ['Content-Type', type, 'Cache-Control', 'no-store', ...extra])
      res.end(req.method === 'HEAD' ? undefined : body)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, '{"status":"method not allowed"}')
    if (path === '/livez') return answer(200, '{"status":"ok"}')
    if (path === '/readyz') {
      return void this.ready().then(({ ready, checks }) =>
        answer(
          ready ? 200 : 503,
          JSON.stringify({ status: ready ? 'ready' : this.state === 'ready' ? 'unready' : this.state, checks })
        )
      )
    }
    if (!mayScrape(req, this.endpoints.metricsToken)) {
      return this.endpoints.metricsToken
        ? answer(401, '{"status":"unauthorized"}', undefined, ['WWW-Authenticate', 'Bearer'])
        : answer(403, '{"status":"forbidden"}')
    }
    return void this.metrics.text().then(
      (text) => answer(200, text, this.metrics.contentType),
      (error: unknown) => {
        this.logger.error({ err: error }, 'metrics collection failed')
        answer(500, '{"status":"error"}')
      }
    )
  }

  /** Ready when started and not draining, and every dependency answers in time. */
  async ready(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'down'> }> {
    if (this.state !== 'ready') return { ready: false, checks: {} }
    const names = Object.keys(this.endpoints.checks)
    const results = await Promise.allSettled(
      names.map((name) => within(this.endpoints.checks[name](), this.endpoints.checkTimeoutMs ?? 2000))
    )
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i].status === 'fulfilled' ? 'ok' : 'down'] as const))
    return { ready: this.state === 'ready' && results.every((result) => result.status === 'fulfilled'), checks }
  }
}
