import { FeathersError } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import {
  callerIn,
  refusal,
  serviceRules,
  sharedMessages,
  type ImportCounts,
  type ImportErrorRow,
  type ImportOutcome,
  type ImportProblem
} from '@emporia/shared'
import { shopTransaction, type ShopDirectory } from '../../platform/tenancy'
import type { Jobs } from '../../platform/jobs/queue'
import { clearPrevious } from './clear-previous'
import { IMPORT_BATCH, runImport, type ImportSummary } from './engine'
import type { ImportFiles } from './import-files'
import { IMPORT_TARGETS, planImport } from './plan'
import { scriptTemplate, scriptedSheet } from './script'
import { readRows } from './sheet-reader'

/** The queue of import runs (decision 0170): each job runs one `imports` record. */
export const IMPORT_RUN_JOB = 'imports.run'
export const IMPORT_RUNS_TABLE = 'imports'
const SHOWN_OUTCOMES = 500
const KEPT_ERROR_ROWS = 5000
const RETRY_LIMIT = 3

/**
 * Records per batch (decisions 0175, 0176). On PGlite a batch's transaction holds the one connection every
 * request waits for, so its batches are shorter than on PostgreSQL, where a batch holds only its own
 * connection; a crowd of callers makes both shorter still (the engine's give-way).
 */
export const importBatchSize = (dialect: string) => (dialect === 'pglite' ? PGLITE_BATCH : IMPORT_BATCH)
const PGLITE_BATCH = 200
/**
 * A preview's batches are rolled back, so they keep no restart point: on PostgreSQL they are larger
 * (fewer transactions and progress writes; 20,000 rows previewed in 5 s rather than 8), though not so
 * large that a batch's rows swell the heap (250, decision 0177). On PGlite they
 * stay as short as the import's, for the connection they hold.
 */
export const previewBatchSize = (dialect: string) => (dialect === 'pglite' ? PGLITE_BATCH : PREVIEW_BATCH)
const PREVIEW_BATCH = 250

export interface ImportRunJobData {
  shop: string
  run: string
}

type Row = Record<string, unknown>

export interface ImportJobEnv {
  app: Application
  knex: Knex
  rowSecurity: boolean
  directory: ShopDirectory
  files: ImportFiles
  /** The record as clients see it, announced as `patched` on its shop's channel. */
  announce: (row: Row) => void
  /** Records per batch, and the callers an import gives way to between batches (decision 0175). */
  batchSize?: number
  previewBatchSize?: number
  giveWayTo?: { busy(): boolean; busyFor?(): number }
}

const JSON_FIELDS = new Set(['counts', 'outcomes', 'errorRows', 'headers', 'mapped', 'ignored', 'sheets', 'problem'])
const FINISHED = new Set(['done', 'failed', 'cancelled'])

const toRow = (values: Row): Row =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, JSON_FIELDS.has(key) && value !== null ? JSON.stringify(value) : value])
  )

/** One statement on the run's record, in the caller's transaction of the shop; answers the row. */
export const writeRun = async (trx: Knex.Transaction, shop: string, run: string, values: Row): Promise<Row> => {
  const [row] = (await trx(IMPORT_RUNS_TABLE)
    .where({ shop, _id: run })
    .update({ ...toRow(values), updatedAt: trx.fn.now() })
    .returning('*')) as Row[]
  return row
}

const problemOf = (key: keyof (typeof sharedMessages)['en'], field = ''): ImportProblem => ({
  key,
  field,
  message: sharedMessages.en[key]
})

const zero = (): ImportCounts => ({ new: 0, modified: 0, unchanged: 0, errors: 0 })

interface Progress {
  records: number
  lastRow: number
  counts: ImportCounts
  outcomes: ImportOutcome[]
  errorRows: ImportErrorRow[]
}

/**
 * Runs one import run (decision 0170): `running`, then batch by batch. An import's progress (records,
 * restart point, counts, outcomes and failed rows within their caps) is written by the engine's
 * `onBatch` in the batch's own transaction, so it commits with the rows; a retry after a crash starts
 * after the stored `lastRow` and adds to the stored counts. A preview's batches roll back, so its
 * progress is written after each one and a retry starts it over. `cancel` is read between batches.
 */
export const runImportRun = async (env: ImportJobEnv, { shop, run }: ImportRunJobData, final = true): Promise<void> => {
  const inShop = <T>(work: (trx: Knex.Transaction) => Promise<T>) => shopTransaction(env.knex, env.rowSecurity, shop, work)
  const record = (await inShop((trx) => trx(IMPORT_RUNS_TABLE).where({ shop, _id: run }).first())) as Row | undefined
  if (!record || FINISHED.has(String(record.status))) return
  const finish = async (values: Row) => {
    const row = await inShop((trx) => writeRun(trx, shop, run, { ...values, finishedAt: trx.fn.now() }))
    env.announce(row)
  }
  if (record.cancel) return finish({ status: 'cancelled' })
  const target = IMPORT_TARGETS[String(record.target)]
  const stored = await env.files.stored(shop, run).catch(() => undefined)
  if (!target || !stored) return finish({ status: 'failed', problem: problemOf('import.fileGone') })

  // The rights are the account's as the run starts: one that lost the list's write rule imports nothing.
  const shopRecord = await env.directory.get(shop)
  const member = callerIn(shopRecord ?? {}, String(record.user))
  const rule = serviceRules[target.path as keyof typeof serviceRules]
  if (!shopRecord || !rule || refusal(rule.write, member))
    return finish({ status: 'failed', problem: { key: 'errors.noPermission', field: '', message: 'No Permission' } })

  const resume = !record.dryRun && record.status === 'running'
  const base: Progress = resume
    ? {
        records: Number(record.records),
        lastRow: Number(record.lastRow),
        counts: record.counts as ImportCounts,
        outcomes: record.outcomes as ImportOutcome[],
        errorRows: record.errorRows as ImportErrorRow[]
      }
    : { records: 0, lastRow: 0, counts: zero(), outcomes: [], errorRows: [] }
  const started = await inShop((trx) =>
    writeRun(trx, shop, run, {
      status: 'running',
      startedAt: record.startedAt ?? trx.fn.now(),
      ...(resume ? {} : { ...base, headers: [], mapped: [], ignored: [] })
    })
  )
  env.announce(started)

  const user = { _id: String(record.user) }
  const params = { user } as Params
  const writeParams = { user, shop, shopRecord, caller: member } as Params
  const template = stored.template
  const headerRow = template?.headerRow ?? 1
  const dataStartRow = template?.dataStartRow ?? headerRow + 1
  const file = env.files.sheet(shop, run)
  const sheetName = (record.sheetName as string | null) ?? template?.sheetName ?? undefined
  // A script template's rows are the script's output, its fields the columns (decision 0171).
  const scripted = template?.script
    ? scriptedSheet(template.script, () => readRows(file, stored.format, sheetName), headerRow, dataStartRow)
    : undefined
  const plan = (headers: string[]) =>
    planImport(
      target,
      headers,
      stored.columns,
      scripted ? scriptTemplate(template ?? undefined, headers) : (template ?? undefined)
    )

  let written = { outcomes: base.outcomes.length, errorRows: base.errorRows.length }
  const progress = (summary: ImportSummary): Row => {
    const counts = { ...base.counts }
    for (const key of ['new', 'modified', 'unchanged', 'errors'] as const) counts[key] = base.counts[key] + summary.counts[key]
    const values: Row = {
      records: base.records + summary.records,
      lastRow: Math.max(base.lastRow, summary.lastRow),
      counts,
      headers: summary.headers,
      mapped: summary.mapped,
      ignored: summary.ignored
    }
    // The capped lists are written only when they grew (5,000 failed rows are not rewritten per batch).
    const outcomes = [...base.outcomes, ...summary.outcomes].slice(0, SHOWN_OUTCOMES)
    const errorRows = [...base.errorRows, ...summary.errorRows].slice(0, KEPT_ERROR_ROWS)
    if (outcomes.length !== written.outcomes) values.outcomes = outcomes
    if (errorRows.length !== written.errorRows) values.errorRows = errorRows
    written = { outcomes: outcomes.length, errorRows: errorRows.length }
    return values
  }
  // Each batch's progress event leaves the capped lists out (a 100,000-row import is 1,000 events); the last carries them.
  const announceProgress = (row: Row) => {
    const { outcomes: _outcomes, errorRows: _errorRows, ...light } = row
    env.announce(light)
  }

  // The sheet, its mapping and who reads and writes it: the same for the import and for clearPrevious after it.
  const sheet = {
    app: env.app,
    knex: env.knex,
    rowSecurity: env.rowSecurity,
    shop,
    params,
    writeParams,
    plan,
    file,
    format: stored.format,
    rows: scripted?.rows,
    sheetName,
    headerRow,
    dataStartRow
  }
  let summary: ImportSummary
  try {
    summary = await runImport({
      ...sheet,
      dryRun: record.dryRun === true,
      batchSize: record.dryRun ? env.previewBatchSize : env.batchSize,
      giveWayTo: env.giveWayTo,
      after: base.lastRow || undefined,
      onBatch: async (trx, now) => {
        const row = await writeRun(trx, shop, run, progress(now))
        void trx.executionPromise.then(
          () => announceProgress(row),
          () => undefined
        )
      },
      onRolledBack: async (now) => announceProgress(await inShop((trx) => writeRun(trx, shop, run, progress(now)))),
      cancelled: async () =>
        Boolean(((await inShop((trx) => trx(IMPORT_RUNS_TABLE).where({ shop, _id: run }).first('cancel'))) as Row)?.cancel)
    })
  } catch (error) {
    // A file the reader refuses (or any other refusal, which a retry would meet again) fails the run at
    // once, `problem` saying why; anything else (the database gone, a crash) is retried.
    if (error instanceof FeathersError && error.code < 500) {
      const data = (error.data ?? {}) as { key?: string; field?: string }
      return finish({
        status: 'failed',
        problem: { key: data.key ?? 'import.invalid', field: data.field ?? '', message: error.message }
      })
    }
    if (final) await finish({ status: 'failed', problem: problemOf('import.failed') }).catch(() => undefined)
    throw error
  }
  const done = progress(summary)
  if (summary.cancelled) return finish({ ...done, status: 'cancelled' })
  if (template?.clearPrevious) {
    const removed = await clearPrevious({
      ...sheet,
      since: started.startedAt ? new Date(started.startedAt as string) : undefined,
      dryRun: record.dryRun === true
    })
    done.counts = { ...(done.counts as ImportCounts), removed }
  }
  await finish({ ...done, status: 'done' })
}

/** The queue's worker for import runs: retried with backoff; a preview may run beside an import. */
export const defineImportRunJob = (jobs: Jobs, env: ImportJobEnv) =>
  jobs.define<ImportRunJobData>({
    name: IMPORT_RUN_JOB,
    policy: 'standard',
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    pollSeconds: 2,
    concurrency: 2,
    // 100,000 rows take minutes; a dead process is found sooner, by the heartbeat.
    expireInSeconds: 4 * 3600,
    run: async (data, job) => {
      if (typeof data.shop === 'string' && typeof data.run === 'string')
        await runImportRun(env, data, (job.retryCount ?? 0) >= RETRY_LIMIT)
    }
  })
