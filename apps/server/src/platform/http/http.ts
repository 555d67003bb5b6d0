import { existsSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { BadRequest, FeathersError, NotFound } from '@feathersjs/errors'
import { serveStatic, type FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import helmet from 'koa-helmet'
import { sharedMessage } from '@emporia/shared'
import { toFeathersError } from '../db/pg-errors'

export const API_PREFIX = '/api'

/** The largest request body (JSON over REST) and socket message, in bytes. */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024

/** `5 MB`, `512 KB`: the limit as a merchant reads it. */
const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

/** A body over the parser's limit: 413 with a key the client translates (the parser's own error is a plain 413). */
const tooLarge = (limit: number | undefined) => {
  const values = { size: readableSize(limit ?? BODY_LIMIT_BYTES) }
  return new FeathersError(sharedMessage('errors.tooLarge', 'en', values), 'PayloadTooLarge', 413, 'payload-too-large', {
    key: 'errors.tooLarge',
    values
  })
}

/** Every HTTP error leaves as Feathers error JSON; nothing internal is ever in the message. */
export const errorHandler = (log: (error: unknown) => void) => async (ctx: FeathersKoaContext, next: Next) => {
  try {
    await next()
    if (ctx.body === undefined && ctx.status === 404 && ctx.originalUrl.startsWith(API_PREFIX)) {
      throw new NotFound(`Path ${ctx.originalUrl.split('?')[0]} not found`)
    }
  } catch (error) {
    const status = (error as { status?: number; expose?: boolean }).status
    const feathersError =
      error instanceof FeathersError
        ? error
        : status === 413
          ? tooLarge((error as { limit?: number }).limit)
          : status && status >= 400 && status < 500
            ? new BadRequest((error as { expose?: boolean }).expose ? (error as Error).message : 'Bad request')
            : toFeathersError(error)
    if (feathersError.code >= 500) log(error)
    ctx.status = feathersError.code
    const retryAfter = (feathersError.data as { retryAfter?: number } | undefined)?.retryAfter
    if (feathersError.code === 429 && retryAfter) ctx.set('Retry-After', String(retryAfter))
    ctx.body = feathersError.toJSON()
  }
}

/** A host name or address with an optional port: anything else is left out of the policy. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * 'self' covers same-host websockets only in CSP level 3 browsers; the socket's own address is
 * named too, from the Host the page was asked with (a malformed one names nothing).
 */
const connectSources = (req: IncomingMessage) => {
  const host = req.headers.host
  return ["'self'", ...(host && PLAIN_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [])].join(' ')
}

/** Headers every answer carries; the content security policy is set apart for the app and the API. */
const common = {
  // Nothing of this app is meant to be framed, by anyone (clickjacking); frame-ancestors says it again.
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // The rest of the domain may not be on HTTPS yet: only this host is pinned to it.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  crossOriginResourcePolicy: { policy: 'same-origin' }
} as const

/** Exact origins of a third party's script a page may load, call and frame (the platform's Stripe.js, decision 0130). */
export interface AppOrigins {
  script: string[]
  connect: string[]
  frame: string[]
}

const exactOrigins = (origins: string[]) => origins.filter((origin) => /^https?:\/\/[^\s*;,'"]+$/.test(origin))

/**
 * The web app's policy (docs/decisions/0069): only the built bundle runs (index.html has no inline
 * script); emotion (MUI) injects <style> tags, so styles allow 'unsafe-inline'; images come from the
 * media routes, data: URLs and blob: previews, or an https address a record names; the socket
 * connects back to this host. No upgrade-insecure-requests: a LAN or dev server runs on plain HTTP.
 * With `allow` (the platform takes cards for the subscription) exactly its provider's script, API and
 * frame origins are added.
 */
const appHeadersFor = (allow?: AppOrigins) =>
  helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may compile (the 3D preview's model-viewer decodes meshes with it; decision 0192),
        // while eval and inline script stay refused.
        scriptSrc: ["'self'", ...exactOrigins(allow?.script ?? []), "'wasm-unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [connectSources, ...exactOrigins(allow?.connect ?? [])],
        ...(allow ? { frameSrc: ["'self'", ...exactOrigins(allow.frame)] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"]
      }
    }
  })

/** JSON loads nothing: an API answer opened as a page can run or fetch nothing either. */
const apiHeaders = helmet({
  ...common,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } }
})

/**
 * The API policy depends on nothing in the request, so helmet runs once here and every API answer
 * gets the recorded headers (helmet per request rebuilt the same ~14 headers each time).
 */
const recordHeaders = (middleware: typeof apiHeaders) => {
  const recorded: [string, string][] = []
  const res = {
    setHeader: (name: string, value: unknown) => recorded.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined
  }
  // helmet sets its headers synchronously, before it calls next; it reads only `req` and `res` of the
  // context, so a stand-in with those two is cast to the Koa context it is typed for.
  void middleware({ req: { headers: {} }, res } as unknown as FeathersKoaContext, async () => undefined)
  if (recorded.length === 0) throw new Error('helmet set no headers synchronously')
  return recorded
}

/** Every header an API answer carries (docs/decisions/0069), in helmet's order. */
export const API_HEADERS: readonly (readonly [string, string])[] = recordHeaders(apiHeaders)

const setApiHeaders = (ctx: FeathersKoaContext) => {
  for (const [name, value] of API_HEADERS) ctx.res.setHeader(name, value)
}

/** Media files (spec §7.6) are public addresses a storefront on another origin shows (spec §9.1). */
export const PUBLIC_FILE = /^\/api\/(?:(?:files|thumbs)\/[0-9a-f]{24}|attachments\/[0-9a-f]{24}\.)/

/**
 * Security headers on every answer, errors included (docs/decisions/0069). Routes with stricter needs (the dev
 * mailbox, media files) set their own policy afterwards, which replaces this one.
 */
export const securityHeaders = (allow?: AppOrigins) => {
  const appHeaders = appHeadersFor(allow)
  return async (ctx: FeathersKoaContext, next: Next) => {
    const api = ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`)
    if (api) setApiHeaders(ctx)
    else await appHeaders(ctx, async () => undefined)
    if (api && (ctx.method === 'GET' || ctx.method === 'HEAD') && PUBLIC_FILE.test(ctx.path))
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin')
    return next()
  }
}

/**
 * `/api/*` goes on to the Feathers REST middleware with the prefix taken off; everything else is
 * the web app: a built file, or index.html for the client-side router.
 */
export const splitApiAndWeb = (webDist?: string) => {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined
  // koa-send serves the .br/.gz twins the web build writes when the browser accepts them.
  const files = root ? serveStatic(root, { index: false, maxage: 0, brotli: true, gzip: true }) : undefined
  return async (ctx: FeathersKoaContext, next: Next) => {
    if (ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`)) {
      ctx.path = ctx.path.slice(API_PREFIX.length) || '/'
      return next()
    }
    if (!root || !files) {
      ctx.status = 404
      ctx.body = 'The web app is not built. Run `npm run build`.'
      return
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return
    // Hashed assets never change; index.html must always be fresh.
    if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
    await files(ctx, async () => undefined)
    // Only client routes fall back to index.html; a missing file (an old tab asking for a
    // replaced script) is a plain 404, not HTML served as JavaScript.
    if (ctx.body === undefined && ctx.status === 404 && !path.extname(ctx.path)) {
      ctx.set('Cache-Control', 'no-cache')
      ctx.path = '/index.html'
      await files(ctx, async () => undefined)
    }
  }
}

/** Runs `middleware` only for requests that need it; the hot read path skips the rest. */
export const onlyWhen =
  (condition: (ctx: FeathersKoaContext) => boolean, middleware: (ctx: FeathersKoaContext, next: Next) => Promise<unknown>) =>
  (ctx: FeathersKoaContext, next: Next) => (condition(ctx) ? middleware(ctx, next) : next())
