import path from 'node:path'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Knex } from 'knex'
import type { StorefrontHandler } from '../routes'
import { checkFill, filledFile, MiniFillRefused, type MiniBuilds } from './mini-builds'

/** The H5 build of the mini-program under each shop's address (decision 0206). */
export const H5_PATH = '/_mini'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf'
}

/** Filled files kept in memory, per shop, base and file: bounded by count and bytes, oldest dropped first. */
export class FilledFiles {
  private readonly files = new Map<string, Buffer>()
  private bytes = 0

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 2000
  ) {}

  get(key: string): Buffer | undefined {
    const found = this.files.get(key)
    if (found) {
      this.files.delete(key)
      this.files.set(key, found)
    }
    return found
  }

  set(key: string, value: Buffer) {
    if (value.length > this.maxBytes / 4) return
    const old = this.files.get(key)
    if (old) this.bytes -= old.length
    this.files.delete(key)
    this.files.set(key, value)
    this.bytes += value.length
    while (this.bytes > this.maxBytes || this.files.size > this.maxEntries) {
      const [oldest, buffer] = this.files.entries().next().value as [string, Buffer]
      this.files.delete(oldest)
      this.bytes -= buffer.length
    }
  }

  get size() {
    return this.files.size
  }
}

export interface H5RoutesOptions {
  knex: Knex
  builds: MiniBuilds
  /** BILLING=off: every shop has every feature (decision 0129). */
  everyFeature?: boolean
  cache?: FilledFiles
}

const notFound = (ctx: FeathersKoaContext) => {
  ctx.status = 404
  ctx.set('Cache-Control', 'no-store')
  ctx.type = 'text/plain; charset=utf-8'
  ctx.body = 'Not found'
  return true
}

/** Whether a shop has the mini-program: the mini area's feature (`app`, spec §2.2), or every feature. */
export const miniOffered = async (knex: Knex, shop: string, everyFeature = false) => {
  if (everyFeature) return true
  const row = (await knex('shops').where({ _id: shop }).first('attributes')) as
    { attributes: Record<string, unknown> | string | null } | undefined
  const attributes =
    typeof row?.attributes === 'string' ? (JSON.parse(row.attributes) as Record<string, unknown>) : row?.attributes
  return attributes?.app === true
}

/**
 * `GET {base}/_mini/…` (decision 0206): the mini-program's H5 build for the shop the address names, its
 * placeholders filled with that address's own base (same origin: '' on the shop's host, `/s/{sub}` on
 * the fallback) and the shop's id. `{base}/_mini` redirects to `{base}/_mini/`; a path without a file
 * extension is the app's own route and answers its index.html. A shop without the feature, a build
 * not made (logged once) or a file not in it: 404.
 */
export const h5Routes = (options: H5RoutesOptions): StorefrontHandler => {
  const cache = options.cache ?? new FilledFiles()
  return async (ctx, shop, shopPath) => {
    if (shopPath !== H5_PATH && !shopPath.startsWith(`${H5_PATH}/`)) return false
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false
    if (!(await miniOffered(options.knex, shop, options.everyFeature))) return notFound(ctx)
    const base = ctx.path.slice(0, ctx.path.length - shopPath.length)
    if (shopPath === H5_PATH) {
      ctx.set('Cache-Control', 'no-store')
      ctx.redirect(`${base}${H5_PATH}/${ctx.search}`)
      return true
    }
    let relative = shopPath.slice(H5_PATH.length + 1)
    if (!relative || !path.posix.extname(relative)) relative = 'index.html'
    const found = await options.builds.file('h5', relative)
    if (!found) return notFound(ctx)
    const key = `${shop}|${base}|${relative}|${found.mtimeMs}`
    let body = cache.get(key)
    if (!body) {
      try {
        body = filledFile(found.file, found.bytes, checkFill({ apiBase: base, shop }))
      } catch (error) {
        if (error instanceof MiniFillRefused) return notFound(ctx)
        throw error
      }
      cache.set(key, body)
    }
    const extension = path.extname(found.file).toLowerCase()
    ctx.type = TYPES[extension] ?? 'application/octet-stream'
    // The page is looked at each visit; its files keep their names from build to build (js/app.js, chunk/1.js),
    // so a browser keeps them a few minutes only.
    ctx.set('Cache-Control', extension === '.html' ? 'no-cache' : 'public, max-age=300')
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.body = body
    return true
  }
}
