import { PassThrough } from 'node:stream'
import type { Application } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import { restSignIn } from '../../platform/http/rest-sign-in'
import { contentDisposition, parseExportRequest } from './export.schema'
import { EXPORT_PATH, openExport, pumpExport, type ExportProgress } from './export.class'

export { EXPORT_PATH } from './export.class'
/** The sheet writers and the formula guard, also used by the import's error sheet (decision 0170). */
export { csvWriter, xlsxWriter } from './sheet-writers'
export { neutralise, text as textCell } from './cells'

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

/** The export service exists for its `progress` events only; clients can call nothing on it. */
class ExportEvents {
  async setup() {}
}

/**
 * `POST /api/export` (docs/decisions/0022-export.md): streams every row the list query matches as
 * CSV or XLSX, read through the list's own service with the caller's identity.
 */
const exportRoute = (app: App, log: (error: unknown) => void) => async (ctx: FeathersKoaContext, next: Next) => {
  // Anything but a plain POST falls through to the service, which allows no method (405).
  if (ctx.method !== 'POST' || ctx.lookup?.params?.__id !== undefined) return next()
  const params = await restSignIn(app, ctx)
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
  const log = (error: unknown) => context.logger.error({ err: error }, 'export failed')
  app.use(EXPORT_PATH, new ExportEvents(), { methods: [], events: ['progress'], koa: { before: [exportRoute(app, log)] } })
}
