import { PassThrough } from 'node:stream'
import { NotAuthenticated } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { servicePaths } from '@emporia/shared'
import type { Next } from 'koa'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import { contentDisposition, parseExportRequest } from './export.schema'
import { EXPORT_PATH, openExport, pumpExport, type ExportProgress } from './export.class'

export { EXPORT_PATH } from './export.class'

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

/** The export service exists for its `progress` events only; clients can call nothing on it. */
class ExportEvents {
  async setup() {}
}

/** The caller, signed in once with the request's bearer token, as the REST transport would. */
const signIn = async (app: App, ctx: FeathersKoaContext): Promise<Params & { user: { _id: string } }> => {
  const authentication = ctx.feathers?.authentication
  if (!authentication) throw new NotAuthenticated('Not authenticated')
  const result = await app.service(servicePaths.authentication).authenticate(authentication, { provider: 'rest' }, 'jwt')
  const user = result.user as { _id: string } | undefined
  if (!user) throw new NotAuthenticated('Not authenticated')
  // `authenticated` spares each page a second token check; the hooks still see user and provider.
  return { ...ctx.feathers, provider: 'rest', authentication: result.authentication, user, authenticated: true }
}

/**
 * `POST /api/export` (docs/decisions/0022-export.md): streams every row the list query matches as
 * CSV or XLSX, read through the list's own service with the caller's identity.
 */
const exportRoute = (app: App, log: (error: unknown) => void) => async (ctx: FeathersKoaContext, next: Next) => {
  // Anything but a plain POST falls through to the service, which allows no method (405).
  if (ctx.method !== 'POST' || ctx.lookup?.params?.__id !== undefined) return next()
  const params = await signIn(app, ctx)
  const request = parseExportRequest(ctx.request.body)
  const opened = await openExport(app, request, params)

  const events = app.service(EXPORT_PATH)
  const { exportId } = request
  const report = exportId
    ? (done: number, total: number) => {
        const progress: ExportProgress = { exportId, done, total }
        // The publisher (channels.ts) reads the account from this context; the transport sends `result`.
        events.emit('progress', progress, { app, path: EXPORT_PATH, service: events, params, result: progress })
      }
    : undefined

  // Room for about one page of output, so the next page is read while the client takes this one.
  const output = new PassThrough({ highWaterMark: 256 * 1024 })
  ctx.status = 200
  ctx.set('Content-Type', CONTENT_TYPES[request.format])
  ctx.set('Content-Disposition', contentDisposition(request))
  ctx.set('X-Export-Total', String(opened.total))
  ctx.set('Cache-Control', 'no-store')
  ctx.set('Access-Control-Expose-Headers', 'Content-Disposition, X-Export-Total')
  ctx.body = output
  // A client that goes away ends the export at the next page.
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) output.destroy()
  })
  pumpExport(opened, request, output, report).catch((error: unknown) => {
    // The status line is gone: cutting the connection is the only way to tell the client the file is incomplete.
    log(error)
    output.destroy()
    ctx.res.destroy()
  })
}

export const dataExport = (context: ServiceContext) => (app: Application) => {
  const log = context.config.logLevel === 'silent' ? () => undefined : (error: unknown) => console.error(error)
  app.use(EXPORT_PATH, new ExportEvents(), { methods: [], events: ['progress'], koa: { before: [exportRoute(app, log)] } })
}
