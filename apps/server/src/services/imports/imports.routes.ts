import { createWriteStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import Busboy from 'busboy'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import {
  callerIn,
  formatMessage,
  refusal,
  serviceRules,
  servicePaths,
  sharedMessages,
  type ExportColumn,
  type ImportProblem,
  type ImportRun,
  type ImportTemplate,
  type ImportUpload,
  type LocaleId
} from '@emporia/shared'
import type { Next } from 'koa'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import { restSignIn } from '../../platform/http/rest-sign-in'
import { IMPORT_TARGETS } from '../../domains/imports/plan'
import { sheetFormat } from '../../domains/imports/sheet-reader'
import { xlsxSheetNames } from '../../domains/imports/sheet-names'
import { csvWriter, textCell, xlsxWriter } from '../export/export'
import type { ImportRunService } from './imports.class'

/** The largest sheet taken (a zip bomb is cut by the reader's column limit and this). */
const MAX_BYTES = 50 * 1024 * 1024

const parseUpload = (raw: string | undefined): ImportUpload => {
  let body: Partial<ImportUpload>
  try {
    body = JSON.parse(raw ?? '') as Partial<ImportUpload>
  } catch {
    throw new BadRequest('The field "request" must be JSON', { field: 'request' })
  }
  if (typeof body.shop !== 'string' || !body.shop) throw new BadRequest('"shop" is required', { field: 'shop' })
  if (typeof body.target !== 'string' || !IMPORT_TARGETS[body.target])
    throw new BadRequest('"target" is not a list that can be imported', { field: 'target' })
  if (!Array.isArray(body.columns) || body.columns.length > 2000)
    throw new BadRequest('"columns" must be a list', { field: 'columns' })
  if (body.sheetName !== undefined && body.sheetName !== null && typeof body.sheetName !== 'string')
    throw new BadRequest('"sheetName" must be text', { field: 'sheetName' })
  return {
    shop: body.shop,
    target: body.target,
    template: typeof body.template === 'string' && body.template ? body.template : undefined,
    columns: body.columns.filter((c) => c && typeof c.field === 'string' && typeof c.header === 'string'),
    sheetName: body.sheetName || undefined
  }
}

/** The multipart body: the JSON field `request` and the file `file`, streamed to a file. */
const receive = (ctx: FeathersKoaContext, target: string) =>
  new Promise<{ request?: string; name?: string; truncated: boolean }>((resolve, reject) => {
    let busboy: Busboy.Busboy
    try {
      busboy = Busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: MAX_BYTES, fields: 5, fieldSize: 1024 * 1024 }
      })
    } catch {
      reject(new BadRequest('Expected a multipart/form-data body with a field "file"', { field: 'file' }))
      return
    }
    const received: { request?: string; name?: string; truncated: boolean } = { truncated: false }
    let writing: Promise<void> = Promise.resolve()
    busboy.on('field', (name, value) => {
      if (name === 'request') received.request = value
    })
    busboy.on('file', (field, stream, info) => {
      if (field !== 'file') return stream.resume()
      received.name = info.filename ?? 'file'
      stream.on('limit', () => (received.truncated = true))
      writing = pipeline(stream, createWriteStream(target))
      writing.catch(() => undefined)
    })
    busboy.on('error', () => reject(new BadRequest('The upload could not be read', { field: 'file' })))
    busboy.on('close', () => writing.then(() => resolve(received), reject))
    ctx.req.pipe(busboy)
  })

const head = async (file: string) => {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(8)
    const { bytesRead } = await handle.read(buffer, 0, 8, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * `POST /api/imports` (decisions 0164, 0165, 0170), multipart `request` (ImportUpload) + `file`: keeps
 * the file under the run's folder and answers 201 with a new preview run (`queued`, its sheets listed);
 * the preview runs as a job, its progress on the record.
 */
export const uploadRoute =
  (app: App, context: ServiceContext, service: ImportRunService) => async (ctx: FeathersKoaContext, next: Next) => {
    // A JSON create (another run over an earlier run's file) is the service's own.
    if (ctx.method !== 'POST' || ctx.lookup?.params?.__id !== undefined || !ctx.is('multipart/form-data')) return next()
    const params = await restSignIn(app, ctx)
    const file = service.files.temp()
    try {
      const received = await receive(ctx, file)
      const request = parseUpload(received.request)
      if (!received.name) throw new BadRequest('The field "file" is required', { field: 'file', key: 'format.required' })
      if (received.truncated) throw new BadRequest('The file is too large', { field: 'file', key: 'errors.fileTooLarge' })
      const format = sheetFormat(await head(file), received.name)
      const caller = { ...params, query: { shop: request.shop } }
      // The caller may see this shop's runs (membership, role), through the runs' own hooks.
      await (app as unknown as Application)
        .service(servicePaths.imports)
        .find({ ...caller, query: { shop: request.shop, $limit: 0 } })
      const target = IMPORT_TARGETS[request.target]
      // Read through the template service as the caller: a template of another shop is not found.
      const template = request.template
        ? ((await app.service(servicePaths.importTemplates).get(request.template, caller)) as ImportTemplate)
        : null
      if (template && template.targetRoute !== request.target)
        throw new BadRequest(sharedMessages.en['import.wrongTarget'], { field: 'template', key: 'import.wrongTarget' })
      // The caller may read the list in this shop, and write it: checked once, as the list's hooks would.
      await (app as unknown as Application).service(target.path).find({ ...caller, query: { shop: request.shop, $limit: 0 } })
      const shopRecord = await context.directory.get(request.shop)
      const member = callerIn(shopRecord ?? {}, params.user._id)
      if (refusal(serviceRules[target.path as keyof typeof serviceRules].write, member))
        throw new Forbidden('No Permission', { key: 'errors.noPermission' })
      const sheets = format === 'xlsx' ? await xlsxSheetNames(file) : []
      const sheetName = request.sheetName ?? template?.sheetName ?? sheets[0] ?? null
      if (sheets.length && sheetName !== null && !sheets.includes(sheetName))
        throw new BadRequest(sharedMessages.en['import.noSheet'], { field: 'sheetName', key: 'import.noSheet' })
      const run = await service.start(
        {
          shop: request.shop,
          user: params.user._id,
          target: request.target,
          template: template?._id ?? null,
          fileName: received.name.slice(0, 255),
          sheets,
          sheetName: format === 'xlsx' ? sheetName : null,
          dryRun: true,
          preview: null,
          total: null
        },
        (id) => service.files.keep(request.shop, id, file, { target: request.target, format, columns: request.columns, template })
      )
      app.service(servicePaths.imports).emit('created', run)
      ctx.status = 201
      ctx.body = run
    } finally {
      await rm(file, { force: true })
    }
  }

const LOCALES: LocaleId[] = ['en', 'cht', 'chs']
type Key = keyof (typeof sharedMessages)['en']

/** A row's reason in the language asked: the message of its key with its words, else the server's text. */
export const reasonText = (problem: ImportProblem, locale: LocaleId) => {
  const template = (sharedMessages[locale] as Record<string, string>)[problem.key] ?? sharedMessages.en[problem.key as Key]
  const text = template ? formatMessage(template, problem.values ?? {}) : problem.message
  return problem.field ? `${problem.field}: ${text}` : text
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

/**
 * `GET /api/imports/<id>/errors?shop=…&format=xlsx|csv&locale=en|cht|chs` (decision 0170): the run's
 * failed rows as they were, under the sheet's own titles, with a last column of their reasons in the
 * language asked; fixed, the file imports again. Cells that would be formulas stay text.
 */
export const errorSheetRoute = (app: App) => async (ctx: FeathersKoaContext, next: Next) => {
  if (ctx.method !== 'GET') return next()
  const params = await restSignIn(app, ctx)
  const id = String(ctx.lookup?.params?.__id ?? '')
  const query = ctx.query as Record<string, string | undefined>
  const format = query.format ?? 'xlsx'
  if (format !== 'csv' && format !== 'xlsx') throw new BadRequest('"format" must be csv or xlsx', { field: 'format' })
  const locale = (LOCALES as string[]).includes(query.locale ?? '') ? (query.locale as LocaleId) : 'en'
  // Through the runs' own hooks as the caller: another shop's run is not found.
  const run = (await (app as unknown as Application)
    .service(servicePaths.imports)
    .get(id, { ...params, query: { shop: query.shop } })) as ImportRun
  const width = Math.max(run.headers.length, ...run.errorRows.map((row) => row.cells.length))
  const titles = Array.from({ length: width }, (_, i) => run.headers[i] ?? '')
  const columns: ExportColumn[] = [...titles, sharedMessages[locale]['import.reason']].map((header, i) => ({
    field: String(i),
    header,
    kind: 'text'
  }))
  const output = new PassThrough({ highWaterMark: 256 * 1024 })
  const writer = format === 'csv' ? csvWriter(output, columns) : xlsxWriter(output, columns)
  // Path separators and control characters have no place in a downloaded file's name.
  const base = [...(run.fileName.replace(/\.[^.]*$/, '') || 'import')]
    .map((c) => (c < ' ' || c === '\u007f' || '/\\:*?"<>|'.includes(c) ? '_' : c))
    .join('')
  const name = `${base}-errors.${format}`
  ctx.status = 200
  ctx.set('Content-Type', CONTENT_TYPES[format])
  ctx.set('Content-Disposition', `attachment; filename="errors.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
  ctx.set('Cache-Control', 'no-store')
  ctx.body = output
  void (async () => {
    for (const row of run.errorRows) {
      const cells = titles.map((_, i) => textCell(row.cells[i] ?? ''))
      await writer.row([...cells, textCell(row.problems.map((problem) => reasonText(problem, locale)).join('; '))])
    }
    await writer.end()
  })().catch(() => output.destroy())
}
