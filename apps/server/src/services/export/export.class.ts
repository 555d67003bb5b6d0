import type { PassThrough } from 'node:stream'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Application, Params, ServiceOptions } from '@feathersjs/feathers'
import { createSymbol, stripSlashes } from '@feathersjs/commons'
import type { Page } from '@emporia/shared'
import { RecordService } from '../../platform/records/record-service'
import { text, toCell, type Cell } from './cells'
import type { ExportColumn, ExportRequest } from './export.schema'
import { ReferenceNames } from './references'
import { csvWriter, drained, xlsxWriter } from './sheet-writers'

type Row = Record<string, unknown>

export const EXPORT_PATH = 'export'
/** Rows per read: one keyset page through the service, as the list reads them. */
export const EXPORT_PAGE_SIZE = 500
const PROGRESS_EVERY_MS = 100

/** Paging is the export's own: the list's page, offset and cursor do not narrow "everything that matches". */
const IGNORED = new Set(['$limit', '$skip', '$cursor', '$paginate'])

export interface ExportProgress {
  exportId: string
  done: number
  total: number
}

/** Everything matching the query, page by page, read through the service with the caller's params. */
export interface OpenedExport {
  total: number
  pages: AsyncGenerator<Row[]>
  /** The names behind reference columns, read page by page. */
  names: ReferenceNames
}

// getServiceOptions, read directly: Node's ESM loader cannot see that named export of the CommonJS build.
const SERVICE_OPTIONS = createSymbol('@feathersjs/service')
const methodsOf = (service: object) =>
  (service as Record<string | symbol, ServiceOptions | undefined>)[SERVICE_OPTIONS]?.methods ?? []

/**
 * A report service (sales/summary) answers all its rows at once as `{rows}` from one find: it says so
 * with `exportRows`, and is exported as one page. Its rows are figures, not records, so no paging.
 */
const isReport = (service: unknown) => (service as { exportRows?: unknown } | undefined)?.exportRows === true

const onePage = (rows: Row[]): AsyncGenerator<Row[]> =>
  (async function* () {
    yield rows
  })()

const isPage = (value: unknown): value is Page<Row> =>
  Boolean(value) && typeof value === 'object' && Array.isArray((value as Page<Row>).data)

/**
 * Resolves the list service and counts through it first, so that every refusal (sign-in, membership,
 * role, bad filter) is an ordinary error answer before a byte of the file is sent.
 */
export const openExport = async (app: Application, request: ExportRequest, params: Params): Promise<OpenedExport> => {
  const path = stripSlashes(request.path)
  const service: unknown = path === EXPORT_PATH ? undefined : (app.services as Record<string, unknown>)[path]
  if (path !== EXPORT_PATH && !service) throw new NotFound(`Service '${path}' not found`, { field: 'path' })
  const query: Row = {}
  for (const [key, value] of Object.entries(request.query)) if (!IGNORED.has(key)) query[key] = value
  if (isReport(service) && methodsOf(service as object).includes('find')) {
    const answer = (await app.service(path).find({ ...params, query })) as { rows?: Row[] }
    const rows = Array.isArray(answer?.rows) ? answer.rows : []
    const names = new ReferenceNames(app, params, query.shop, request.locale, request.columns)
    await names.check()
    return { total: rows.length, pages: onePage(rows), names }
  }
  // Only the record service's lists page by keyset; anything else (health, authentication, export) is not a list.
  if (!(service instanceof RecordService) || !methodsOf(service).includes('find'))
    throw new BadRequest(`"${path}" is not a list that can be exported`, { field: 'path' })
  const list = app.service(path)
  // The file announces its exact row count: never a capped total (docs/decisions/0101).
  const counted = await list.find({ ...params, totalCap: false, query: { ...query, $limit: 0 } } as typeof params)
  if (!isPage(counted)) throw new BadRequest(`"${path}" is not a list that can be exported`, { field: 'path' })
  // Referenced lists are read in the export's own shop, never another: checked now, before the file starts.
  const names = new ReferenceNames(app, params, query.shop, request.locale, request.columns)
  await names.check()

  const read = (cursor: string | true) => {
    const page = list.find({ ...params, query: { ...query, $limit: EXPORT_PAGE_SIZE, $cursor: cursor } }) as Promise<Page<Row>>
    // A page read ahead for an export the client abandoned is dropped without an unhandled rejection.
    page.catch(() => undefined)
    return page
  }
  // The next page is read while this one is written: the database and the client work at the same time.
  async function* pages(): AsyncGenerator<Row[]> {
    let pending = read(true)
    for (;;) {
      const page = await pending
      const next = page.cursors?.next
      if (next) pending = read(next)
      yield page.data
      if (!next) return
    }
  }
  return { total: counted.total, pages: pages(), names }
}

/**
 * The rows a record gives: itself, or with `rows` (decision 0071) one per item of that array, the item
 * in the array's place so that `skus.price` reads the item's price; a record with none still gets a row.
 */
export const rowsOf = (record: Row, rows: string | undefined): Row[] => {
  if (!rows) return [record]
  const items = record[rows]
  if (!Array.isArray(items) || !items.length) return [{ ...record, [rows]: undefined }]
  return items.map((item: unknown) => ({ ...record, [rows]: item }))
}

const cellOf = (row: Row, column: ExportColumn, request: ExportRequest, names: ReferenceNames): Cell =>
  column.ref ? text(names.texts(column, row).join(', ')) : toCell(row, column, request.locale)

/** At most one report per PROGRESS_EVERY_MS, and always the last one (done === total). */
const throttled = (report: (done: number, total: number) => void, total: number) => {
  let last = 0
  return {
    update: (done: number) => {
      const now = Date.now()
      if (now - last < PROGRESS_EVERY_MS) return
      last = now
      // Rows added while exporting can make done pass the count taken at the start.
      report(done, Math.max(total, done))
    },
    finish: (done: number) => report(done, done)
  }
}

/**
 * Writes the pages into `output` in the requested format. Waits for the client between pages
 * (backpressure), so memory holds about one page whatever the row count; stops when the client leaves.
 */
export const pumpExport = async (
  opened: OpenedExport,
  request: ExportRequest,
  output: PassThrough,
  report?: (done: number, total: number) => void
) => {
  const writer = request.format === 'csv' ? csvWriter(output, request.columns) : xlsxWriter(output, request.columns)
  const progress = report ? throttled(report, opened.total) : undefined
  let done = 0
  for await (const records of opened.pages) {
    if (output.destroyed) return opened.pages.return(undefined)
    const rows = records.flatMap((record) => rowsOf(record, request.rows))
    await opened.names.load(rows)
    for (const row of rows) await writer.row(request.columns.map((column) => cellOf(row, column, request, opened.names)))
    // Progress counts the list's records (its total), however many rows each gives.
    done += records.length
    if (records.length) progress?.update(done)
    await drained(output)
  }
  if (output.destroyed) return
  await writer.end()
  progress?.finish(done)
}
