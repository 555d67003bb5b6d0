import { existsSync } from 'node:fs'
import path from 'node:path'
import { BadRequest, FeathersError, NotFound } from '@feathersjs/errors'
import { serveStatic, type FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import { toFeathersError } from '../db/pg-errors'

export const API_PREFIX = '/api'

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
