import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type * as Feathers from '@feathersjs/feathers'
import type { Application, FeathersKoaContext } from '@feathersjs/koa'
import { http } from '@feathersjs/transport-commons'
import type { Next } from 'koa'
import { clientOfRequest, TRUST_NOTHING, type TrustProxy } from './client-address'
import { requestOf } from '../observability/request-context'

// These are CommonJS exports Node's ESM loader cannot name (the built server imports packages at run time).
const { createContext, defaultServiceMethods, getServiceOptions } = createRequire(import.meta.url)(
  '@feathersjs/feathers'
) as typeof Feathers

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown
type Middleware = (ctx: FeathersKoaContext, next: Next) => unknown

/** What Koa's request prototype computes for us (koa-qs patches `query`), so both paths parse alike. */
interface KoaRequestView {
  app: unknown
  req: IncomingMessage
  path: string
  querystring: string
  query: Record<string, unknown>
}

export interface FastReadOptions {
  /** The listener Koa itself would install: every request the fast path does not take goes there. */
  koa: Listener
  /** Paths under /api that a Koa route answers itself (media files, webhooks, the dev mailbox). */
  claimedByKoa: (method: string, path: string) => boolean
  /** The headers every API answer carries, in the order Koa's path sets them. */
  apiHeaders: readonly (readonly [string, string])[]
  /** Who may name the client (TRUST_PROXY): `params.address` is the same as on the Koa path. */
  trustProxy?: TrustProxy
  /**
   * The Koa middleware that wraps an answer on the Koa path (security headers, error handler): an
   * error or an unusual answer is handed to Koa through these, so it leaves exactly as before.
   */
  wrap: Middleware[]
  /** Where a fault of this path is logged (the server's logger). */
  log?: (error: unknown) => void
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** Koa turns any object into JSON; only plain objects and arrays are written here, the rest goes to Koa. */
const isPlainJson = (body: unknown): body is object => {
  if (Array.isArray(body)) return true
  if (body === null || typeof body !== 'object') return false
  const proto = Object.getPrototypeOf(body) as unknown
  return proto === Object.prototype || proto === null
}

const encode = (body: object) => {
  try {
    return JSON.stringify(body)
  } catch {
    return undefined
  }
}

/**
 * A thinner REST dispatch for reads (docs/decisions/0105): `GET`/`HEAD` of a Feathers service under
 * `/api` calls the same service method with the same params as `@feathersjs/koa`'s REST middleware
 * (so every app and service hook runs), without building a Koa context and walking the middleware
 * chain. Anything else — other methods, paths a Koa route owns, unknown paths, 405s, errors, answers
 * that are not a plain JSON 200 — goes through Koa, so those answers are Koa's own.
 */
export const fastReads = (app: Application, options: FastReadOptions): Listener => {
  // Koa's own request plumbing, which Feathers' Koa app type leaves out.
  const koaApp = app as unknown as {
    request: object
    proxy: boolean
    createContext: (req: IncomingMessage, res: ServerResponse) => FeathersKoaContext
    handleRequest: (ctx: FeathersKoaContext, fn: (ctx: FeathersKoaContext) => Promise<unknown>) => Promise<unknown>
  }
  const {
    koa,
    claimedByKoa,
    apiHeaders,
    wrap,
    trustProxy = TRUST_NOTHING,
    log = (error: unknown) => console.error(error)
  } = options

  /** Runs `last` inside the same wrapping middleware (headers, error handler) and lets Koa answer. */
  const viaKoa = (req: IncomingMessage, res: ServerResponse, last: Middleware) => {
    const chain = [...wrap, last]
    const run = (ctx: FeathersKoaContext, i: number): Promise<unknown> =>
      Promise.resolve(chain[i](ctx, () => (i + 1 < chain.length ? run(ctx, i + 1) : Promise.resolve())))
    return koaApp.handleRequest(koaApp.createContext(req, res), (ctx) => run(ctx, 0))
  }

  /** parseAuthentication's work, for a request carrying credentials (the Koa path skips it otherwise too). */
  const parseCredentials = async (req: IncomingMessage, res: ServerResponse) => {
    // The header first: looking the authentication service up costs more than the read itself.
    if (!req.headers.authorization) return undefined
    const service = app.defaultAuthentication?.()
    if (!service) return undefined
    const config = service.configuration as { parseStrategies?: string[]; authStrategies?: string[] }
    const strategies = config.parseStrategies || config.authStrategies || []
    if (strategies.length === 0) return undefined
    return (await service.parse(req, res, ...strategies)) ?? undefined
  }

  // One flat list handed to writeHead: the same header lines, without a setHeader (and its map) per header.
  const head = [...apiHeaders.flat(), 'Content-Type', JSON_TYPE, 'Content-Length']
  const send = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const lines = head.slice()
    lines.push(String(Buffer.byteLength(text)))
    // The request's id (decision 0209) in the same list: a header set before writeHead would make Node merge them.
    const request = requestOf(req.headers)
    if (request) lines.push('X-Request-Id', request.id)
    res.writeHead(200, lines)
    if (req.method === 'HEAD') res.end()
    else res.end(text)
  }

  const serve = async (
    req: IncomingMessage,
    res: ServerResponse,
    request: KoaRequestView,
    service: Record<string, (...args: unknown[]) => Promise<unknown>>,
    method: string,
    id: string | null,
    route: Record<string, string>
  ) => {
    let context: Parameters<typeof http.getResponse>[0]
    try {
      // The same params, in the same order, as koa(), rememberClientAddress and parseAuthentication build.
      const feathers: Record<string, unknown> = { provider: 'rest', address: clientOfRequest(trustProxy, req).address }
      const authentication = req.headers.authorization ? await parseCredentials(req, res) : undefined
      if (authentication) feathers.authentication = authentication
      const params = { query: request.query, headers: req.headers, route, ...feathers }
      const args = method === 'get' ? [id, params] : [params]
      context = (await service[method](...args, createContext(service as never, method, { http: {} }))) as typeof context
    } catch (error) {
      return viaKoa(req, res, () => {
        throw error
      })
    }
    const { status, headers, body } = http.getResponse(context)
    if (status === 200 && isPlainJson(body) && Object.keys(headers).length === 0 && !res.headersSent) {
      // A body JSON cannot encode (a BigInt, a cycle) fails in Koa's respond, as it always did.
      const text = encode(body)
      if (text !== undefined) return send(req, res, text)
    }
    return viaKoa(req, res, (ctx) => {
      ctx.status = status
      ctx.set(headers as Record<string, string>)
      ctx.body = body
    })
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return koa(req, res)
    const request = Object.create(koaApp.request) as KoaRequestView
    request.app = koaApp
    request.req = req
    const path = request.path
    if (!path.startsWith('/api/') || claimedByKoa(req.method, path)) return koa(req, res)
    const lookup = app.lookup(path.slice('/api'.length))
    if (!lookup) return koa(req, res)
    const serviceOptions = getServiceOptions(lookup.service) as
      { methods: string[]; koa?: { before?: unknown[]; after?: unknown[] } } | undefined
    // A service with its own Koa middleware keeps the Koa path.
    if (!serviceOptions || serviceOptions.koa?.before?.length || serviceOptions.koa?.after?.length) return koa(req, res)
    const { __id: id = null, ...route } = (lookup.params ?? {}) as Record<string, string>
    const override = req.headers[http.METHOD_HEADER] as string | undefined
    const method = http.getServiceMethod(req.method, id, override)
    // A 405 is Koa's to answer, as it always was.
    if (!serviceOptions.methods.includes(method) || (override && defaultServiceMethods.includes(override))) return koa(req, res)
    return serve(req, res, request, lookup.service as never, method, id, route).catch((error: unknown) => {
      // Only a fault of this file lands here (service errors went to Koa): never leave the caller hanging.
      log(error)
      if (!res.headersSent) res.statusCode = 500
      res.end()
    })
  }
}
