import { randomBytes } from 'node:crypto'
import type { Application, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { shopTransaction } from '../../platform/tenancy'
import { newObjectId } from '../../platform/http/object-id'
import { recordsOfExternal, rememberExternals } from './external-keys'
import type { ImportPlan, MappedColumn } from './plan'
import { readRows, type SheetFormat, type SheetRow } from './sheet-reader'
import { TableUpkeep } from './table-upkeep'
import { CellProblem, ReferenceLookup, addKey, cellValue, refusedChanges, same, type RowProblem } from './values'

type Row = Record<string, unknown>

/** Records written per transaction (decision 0165): a batch commits whole, with its restart point. */
export const IMPORT_BATCH = 100
/**
 * Giving way to the process's callers (decisions 0169, 0176). While a call runs or just ended, the import
 * waits after each batch as long as the batch took. When callers have kept the process busy without a
 * quiet moment for `CROWDED_MS` (a crowd, not a screen's poll), it takes steps of `CROWDED_BATCH` records
 * and waits ten times as long as each took: a caller's request then waits behind a few milliseconds of
 * import at most, and an import in a shop crowded without a break runs at about a tenth of its speed.
 */
const CROWDED_MS = 250
const CROWDED_BATCH = 10
const CROWDED_WAIT_FACTOR = 10
const MAX_GIVE_WAY_MS = 500
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Rows of changes and of errors an answer carries; the counts are always whole. */
const SHOWN_OUTCOMES = 500
const KEPT_ERROR_ROWS = 5000

export type ImportAction = 'new' | 'modified' | 'unchanged' | 'error'

export interface FieldChange {
  field: string
  from: unknown
  to: unknown
}

/** What one record of the sheet (its rows: a product and its SKUs) does. */
export interface RecordOutcome {
  rows: number[]
  action: ImportAction
  key?: string
  changes?: FieldChange[]
  problems?: RowProblem[]
}

export interface ImportCounts {
  new: number
  modified: number
  unchanged: number
  errors: number
}

/** The sheet's rows that failed, as they were, with their reasons: the error sheet. */
export interface ErrorRow {
  row: number
  cells: string[]
  problems: RowProblem[]
}

export interface ImportSummary {
  headers: string[]
  mapped: string[]
  ignored: string[]
  counts: ImportCounts
  /** Records read (a product with three SKU rows is one); `lastRow` is the last sheet row done. */
  records: number
  lastRow: number
  outcomes: RecordOutcome[]
  errorRows: ErrorRow[]
  cancelled: boolean
}

export interface ImportRequest {
  app: Application
  knex: Knex
  rowSecurity: boolean
  shop: string
  /** The caller's identity: reads (keys, names) go through the list's services as them. */
  params: Params
  /**
   * What the writes carry: the caller and shop already checked for writing this list. Writes call the
   * service's own methods (its rules and validators) in the batch's transaction, not its hooks: those
   * read outside the transaction, which PGlite's one connection cannot serve while it is open.
   */
  writeParams: Params
  plan: (headers: string[]) => ImportPlan
  file: string
  format: SheetFormat
  /** Rows to read instead of the file's (a template's script makes them, decision 0171). */
  rows?: () => AsyncIterable<SheetRow>
  sheetName?: string | null
  headerRow?: number
  dataStartRow?: number
  /** Validate and compare every row through the service, then roll everything back. */
  dryRun: boolean
  /** The restart point: sheet rows up to this one were imported by an earlier, interrupted run. */
  after?: number
  /** Called inside each batch's transaction: the restart point commits with the batch. */
  onBatch?: (trx: Knex.Transaction, summary: ImportSummary) => Promise<void>
  /** Asked between batches. */
  cancelled?: () => Promise<boolean>
  /** Records per batch (default `IMPORT_BATCH`; smaller on PGlite, whose one connection a batch holds). */
  batchSize?: number
  /** The process's callers (decisions 0169, 0176): while it is busy the import pauses between batches. */
  giveWayTo?: { busy(): boolean; busyFor?(): number }
  /** A dry run's progress after each batch rolled back (its `onBatch` never runs: nothing commits). */
  onRolledBack?: (summary: ImportSummary) => Promise<void>
}

interface Group {
  rows: SheetRow[]
  key: string
}

class DryRun extends Error {}

const KEY_SEPARATOR = '\u001f'

interface Writer {
  create(data: Row, params: Params & { transaction: Knex.Transaction }): Promise<unknown>
  patch(id: string, data: Row, params: Params & { transaction: Knex.Transaction }): Promise<unknown>
  /** Several new records at once, all or none, with set-based rules (products; decision 0175). */
  createMany?(data: Row[], params: Params & { transaction: Knex.Transaction; preview?: boolean }): Promise<unknown[]>
}

const problemsOf = (error: unknown): RowProblem[] => {
  if (error instanceof CellProblem) return [error.problem]
  const e = error as {
    message?: string
    data?: { key?: string; field?: string }
    errors?: { field?: string; message?: string; key?: string }[]
  }
  const listed = Array.isArray(e.errors) ? e.errors : []
  if (listed.length)
    return listed.map((item) => ({
      key: item.key ?? 'import.invalid',
      field: item.field ?? '',
      message: item.message ?? String(e.message)
    }))
  return [{ key: e.data?.key ?? 'import.invalid', field: e.data?.field ?? '', message: String(e.message ?? error) }]
}

const textOf = (row: SheetRow, column: MappedColumn) =>
  column.constant !== undefined ? column.constant : (row.cells[column.index ?? -1] ?? '').trim()

/** Writes a translated text's language into a record value that may be a plain string (every language) or an object. */
const withLang = (current: unknown, lang: string, text: unknown): Row => {
  const base: Row =
    typeof current === 'string'
      ? { en: current, cht: current, chs: current }
      : current && typeof current === 'object'
        ? { ...(current as Row) }
        : {}
  return { ...base, [lang]: text }
}
const inLang = (current: unknown, lang: string) =>
  typeof current === 'string' ? current : current && typeof current === 'object' ? (current as Row)[lang] : undefined

/**
 * Reads the sheet, maps each record's rows by the plan, resolves names in the shop, compares with what
 * is stored and writes through the list's own service, a batch per transaction (decision 0165); a dry
 * run does all of it and rolls every batch back, so what it counts is what the import would do.
 */
export const runImport = async (request: ImportRequest): Promise<ImportSummary> => {
  const { app, shop, params } = request
  const headerRow = request.headerRow ?? 1
  const dataStartRow = request.dataStartRow ?? headerRow + 1
  const summary: ImportSummary = {
    headers: [],
    mapped: [],
    ignored: [],
    counts: { new: 0, modified: 0, unchanged: 0, errors: 0 },
    records: 0,
    lastRow: request.after ?? 0,
    outcomes: [],
    errorRows: [],
    cancelled: false
  }
  let plan: ImportPlan | undefined
  const lookup = new ReferenceLookup(app, params, shop)
  let batch: Group[] = []
  const crowded = () => (request.giveWayTo?.busyFor?.() ?? 0) >= CROWDED_MS
  let upkeep: TableUpkeep | undefined
  const written = () => summary.counts.new + summary.counts.modified

  const flush = async () => {
    if (!batch.length || !plan) return
    const groups = batch
    batch = []
    if (request.cancelled && (await request.cancelled())) {
      summary.cancelled = true
      return
    }
    const started = performance.now()
    await writeBatch(request, plan, lookup, groups, summary).catch((error: unknown) => {
      if (!(error instanceof DryRun)) throw error
    })
    if (request.dryRun) await request.onRolledBack?.(summary)
    upkeep ??= TableUpkeep.of(app, request.knex, plan.target.path, request.dryRun)
    await upkeep.afterBatch(written())
    // On PGlite a batch holds the one connection, and the shop's own screens come first (decision 0176).
    if (request.giveWayTo?.busy())
      await pause(Math.min((performance.now() - started) * (crowded() ? CROWDED_WAIT_FACTOR : 1), MAX_GIVE_WAY_MS))
  }

  let current: Group | undefined
  for await (const row of request.rows?.() ?? readRows(request.file, request.format, request.sheetName)) {
    if (row.row === headerRow) {
      summary.headers = row.cells
      plan = request.plan(row.cells)
      summary.mapped = plan.columns.filter((c) => c.index !== undefined).map((c) => c.header)
      summary.ignored = plan.ignored
      continue
    }
    if (
      !plan ||
      row.row < dataStartRow ||
      row.row <= (request.after ?? 0) ||
      (!row.problems && row.cells.every((cell) => !cell.trim()))
    )
      continue
    const keyColumns = plan.columns.filter((column) => column.key && !column.item)
    const key = keyColumns.map((column) => textOf(row, column)).join(KEY_SEPARATOR)
    // A product's SKU rows follow each other under the same key (the export writes them so).
    if (current && plan.target.items && key.split(KEY_SEPARATOR).some(Boolean) && current.key === key) current.rows.push(row)
    else {
      current = { rows: [row], key }
      batch.push(current)
      // A batch ends between records, never inside one: the next record may still add rows to `current`.
      const size = request.batchSize ?? IMPORT_BATCH
      if (batch.length > (crowded() ? Math.min(CROWDED_BATCH, size) : size)) {
        const last = batch.pop()!
        await flush()
        batch.push(last)
        if (summary.cancelled) return summary
      }
    }
  }
  await flush()
  await upkeep?.atEnd(written())
  return summary
}

const record = (summary: ImportSummary, outcome: RecordOutcome, rows: SheetRow[]) => {
  const counted = outcome.action === 'error' ? 'errors' : outcome.action
  summary.counts[counted] += 1
  if (outcome.action !== 'unchanged' && summary.outcomes.length < SHOWN_OUTCOMES) summary.outcomes.push(outcome)
  if (outcome.action === 'error')
    for (const row of rows)
      if (summary.errorRows.length < KEPT_ERROR_ROWS)
        summary.errorRows.push({ row: row.row, cells: row.cells, problems: outcome.problems ?? [] })
}

interface Built {
  group: Group
  top: Row
  items: Row[]
  keys: Row
  problems: RowProblem[]
  /** The sheet's ID when it is not one of this shop's records: remembered for the record (decision 0174). */
  external?: string
}

const build = async (plan: ImportPlan, lookup: ReferenceLookup, group: Group): Promise<Built> => {
  const built: Built = { group, top: {}, items: [], keys: {}, problems: [] }
  const convert = async (column: MappedColumn, row: SheetRow, into: Row) => {
    const text = textOf(row, column)
    // An empty cell leaves the field as it is (decision 0165); a constant is always written.
    if (text === '' && column.constant === undefined) return
    try {
      const value = await cellValue(column, text, lookup, into)
      into[column.field] = column.lang ? withLang(into[column.field], column.lang, value) : value
      if (column.key) await addKey(built.keys, plan.target, column, value, lookup)
    } catch (error) {
      built.problems.push(...problemsOf(error))
    }
  }
  for (const row of group.rows) built.problems.push(...(row.problems ?? []))
  const [first] = group.rows
  for (const column of plan.columns) if (!column.item) await convert(column, first, built.top)
  for (const row of group.rows) {
    const item: Row = {}
    for (const column of plan.columns) if (column.item) await convert(column, row, item)
    if (Object.keys(item).length) built.items.push(item)
  }
  return built
}

const findExisting = async (request: ImportRequest, plan: ImportPlan, built: Built[]) => {
  const found = new Map<Built, Row | RowProblem>()
  const service = request.app.service(plan.target.path)
  const keyed = built.filter((b) => Object.keys(b.keys).length && !b.problems.length)
  const fields = [...new Set(keyed.flatMap((b) => Object.keys(b.keys)))]
  if (plan.target.externalIds) {
    // A sheet ID an earlier import made a record from finds that record (decision 0174).
    const ids = [
      ...new Set(
        keyed
          .map((b) => b.keys._id)
          .filter((id) => id !== undefined && id !== null)
          .map(String)
      )
    ]
    const made = await recordsOfExternal(request.knex, request.rowSecurity, request.shop, plan.target.path, ids)
    for (const b of keyed) {
      const record = b.keys._id === undefined ? undefined : made.get(String(b.keys._id))
      if (record) [b.external, b.keys._id] = [String(b.keys._id), record]
    }
  }
  for (const field of fields) {
    const values = [...new Set(keyed.map((b) => b.keys[field]).filter((v) => v !== undefined))]
    if (!values.length) continue
    // Read through the list's service as the caller, in this shop: another shop's record is never found.
    const page = (await service.find({
      ...request.params,
      query: { shop: request.shop, [field]: { $in: values }, $limit: values.length * 2 + 1 }
    })) as { data: Row[] }
    for (const b of keyed) {
      const matches = page.data.filter((row) => same(row[field], b.keys[field]))
      if (matches.length > 1)
        found.set(b, {
          key: 'import.keyAmbiguous',
          field,
          message: `"${String(b.keys[field])}" finds more than one record: ${matches.map((m) => String(m._id)).join(', ')}`,
          values: { value: String(b.keys[field]), records: matches.map((m) => String(m._id)).join(', ') }
        })
      else if (matches.length === 1) {
        const prior = found.get(b)
        if (prior && (prior as Row)._id !== matches[0]._id)
          found.set(b, { key: 'import.keyConflict', field, message: 'The key columns name different records' })
        else found.set(b, matches[0])
      } else if (field === '_id' && plan.target.externalIds)
        // Not this shop's: a new record (or the one another key finds), remembered under the sheet's ID.
        b.external ??= String(b.keys[field])
      else if (field === '_id')
        found.set(b, {
          key: 'import.keyUnknown',
          field,
          message: `No record "${String(b.keys[field])}" in this shop`,
          values: { value: String(b.keys[field]) }
        })
    }
  }
  return found
}

/** What changes, field by field, and the patch that makes it. */
const compare = (plan: ImportPlan, built: Built, existing: Row) => {
  const changes: FieldChange[] = []
  const patch: Row = {}
  for (const column of plan.columns) {
    if (column.item || column.field === '_id' || !(column.field in built.top)) continue
    const to = column.lang ? inLang(built.top[column.field], column.lang) : built.top[column.field]
    const from = column.lang ? inLang(existing[column.field], column.lang) : existing[column.field]
    if (same(from, to)) continue
    changes.push({ field: column.lang ? `${column.field}.${column.lang}` : column.field, from: from ?? null, to })
    patch[column.field] = column.lang ? withLang(patch[column.field] ?? existing[column.field], column.lang, to) : to
  }
  const items = plan.target.items
  if (items && built.items.length) {
    const stored = Array.isArray(existing[items.field]) ? (existing[items.field] as Row[]) : []
    const merged = stored.map((item) => ({ ...item }))
    let changed = false
    for (const item of built.items) {
      const key = item[items.key]
      const at = merged.findIndex((old) => key !== undefined && old[items.key] === key)
      if (at < 0) {
        merged.push(item)
        changed = true
        changes.push({ field: `${items.field}[${String(key ?? merged.length)}]`, from: null, to: item })
        continue
      }
      for (const [field, value] of Object.entries(item)) {
        const column = plan.columns.find((c) => c.item && c.field === field)
        const to = column?.lang ? inLang(value, column.lang) : value
        const from = column?.lang ? inLang(merged[at][field], column.lang) : merged[at][field]
        if (field === items.key || same(from, to)) continue
        changes.push({
          field: `${items.field}[${String(key)}].${field}${column?.lang ? `.${column.lang}` : ''}`,
          from: from ?? null,
          to
        })
        merged[at][field] = column?.lang ? withLang(merged[at][field], column.lang, to) : value
        changed = true
      }
    }
    // The stored quantity is derived from the stock ledger and never written back.
    if (changed) patch[items.field] = merged.map(({ quantity: _q, ...item }) => item)
  }
  return { changes, patch }
}

const newRecord = (plan: ImportPlan, built: Built): Row => {
  const { _id: _ignored, ...data } = built.top
  const items = plan.target.items
  if (items && built.items.length)
    data[items.field] = built.items.map((item) => ({ ...item, [items.key]: item[items.key] ?? randomBytes(4).toString('hex') }))
  return data
}

/** What one built record will do, and what writes it: the patch of a stored record, or a new one. */
interface Decided {
  built: Built
  outcome: RecordOutcome
  stored?: Row
  patch?: Row
}

const decide = (plan: ImportPlan, b: Built, found: Row | RowProblem | undefined): Decided => {
  const rows = b.group.rows.map((r) => r.row)
  const key = Object.values(b.keys).map(String).join(' ') || undefined
  if (b.problems.length) return { built: b, outcome: { rows, action: 'error', key, problems: b.problems } }
  if (found && 'key' in found && 'message' in found && !('_id' in found))
    return { built: b, outcome: { rows, action: 'error', key, problems: [found as RowProblem] } }
  const stored = found as Row | undefined
  if (!stored) {
    const patch = newRecord(plan, b)
    const changes = Object.entries(patch).map(([field, to]) => ({ field, from: null, to }))
    return { built: b, patch, outcome: { rows, action: 'new', key, changes } }
  }
  const { changes, patch } = compare(plan, b, stored)
  const refused = refusedChanges(plan.target, changes)
  if (refused) return { built: b, stored, outcome: { rows, action: 'error', key, problems: [refused] } }
  return { built: b, stored, patch, outcome: { rows, action: changes.length ? 'modified' : 'unchanged', key, changes } }
}

const writeBatch = async (
  request: ImportRequest,
  plan: ImportPlan,
  lookup: ReferenceLookup,
  groups: Group[],
  summary: ImportSummary
) => {
  const built: Built[] = []
  for (const group of groups) built.push(await build(plan, lookup, group))
  const existing = await findExisting(request, plan, built)
  const service = Object.getPrototypeOf(request.app.service(plan.target.path)) as Writer
  const { shop } = request
  const target = plan.target.path
  await shopTransaction(request.knex, request.rowSecurity, shop, async (trx) => {
    const call = { ...request.writeParams, query: { shop } }
    const decided = built.map((b) => decide(plan, b, existing.get(b)))
    // The batch's new records go in together where the list can (decision 0175): one savepoint, a few
    // statements for all. Any refusal sends them one by one below, so it names its own row.
    const fresh = decided.filter((d) => d.outcome.action === 'new')
    let together = false
    if (service.createMany && fresh.length > 1)
      together = await trx
        .transaction(async (one) => {
          const made = fresh.map((d) => ({ ...d.patch, _id: newObjectId() }))
          await service.createMany!.call(service, made, { ...call, transaction: one, preview: request.dryRun })
          const remembered = fresh.flatMap((d, i) =>
            d.built.external ? [{ external: d.built.external, record: String(made[i]._id) }] : []
          )
          await rememberExternals(one, shop, target, remembered)
          return true
        })
        .catch(() => false)
    for (const d of decided) {
      const { built: b, stored } = d
      if ((d.outcome.action === 'new' && !together) || d.outcome.action === 'modified') {
        try {
          // A savepoint per record: a refused one is rolled back alone, the batch goes on.
          await trx.transaction(async (one) => {
            const written = (
              stored
                ? await service.patch.call(service, String(stored._id), d.patch!, { ...call, transaction: one })
                : await service.create.call(service, d.patch!, { ...call, transaction: one })
            ) as Row
            if (b.external) await rememberExternals(one, shop, target, [{ external: b.external, record: String(written._id) }])
          })
        } catch (error) {
          d.outcome = { rows: d.outcome.rows, action: 'error', key: d.outcome.key, problems: problemsOf(error) }
        }
      }
      // A record another key found unchanged is still remembered under the sheet's ID.
      if (b.external && d.outcome.action === 'unchanged' && stored)
        await rememberExternals(trx, shop, target, [{ external: b.external, record: String(stored._id) }])
      summary.records += 1
      record(summary, d.outcome, b.group.rows)
    }
    summary.lastRow = Math.max(summary.lastRow, ...groups.flatMap((g) => g.rows.map((r) => r.row)))
    if (request.dryRun) throw new DryRun()
    await request.onBatch?.(trx, summary)
  })
}
