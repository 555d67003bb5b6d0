import { BadRequest, Conflict, Forbidden, MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import {
  isObjectId,
  refusal,
  serviceRules,
  sharedMessages,
  type ImportRun,
  type ImportRunData,
  type ImportRunPatch,
  type ShopCaller
} from '@emporia/shared'
import { toFeathersError } from '../../platform/db/pg-errors'
import { newObjectId } from '../../platform/http/object-id'
import type { Jobs } from '../../platform/jobs/queue'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import { shopTransaction } from '../../platform/tenancy'
import type { ImportFiles } from '../../domains/imports/import-files'
import { IMPORT_RUN_JOB, IMPORT_RUNS_TABLE, runImportRun, type ImportJobEnv } from '../../domains/imports/import-job'
import { IMPORT_TARGETS } from '../../domains/imports/plan'

type Row = Record<string, unknown>
type Params = RecordParams & { caller?: ShopCaller; user?: { _id: string } }

/** What a new run is made of; the rest starts empty. */
export interface NewRun {
  shop: string
  user: string
  target: string
  template: string | null
  fileName: string
  sheets: string[]
  sheetName: string | null
  dryRun: boolean
  preview: string | null
  total: number | null
}

const busy = () => new Conflict(sharedMessages.en['import.busy'], { key: 'import.busy', field: 'dryRun' })

/**
 * Import runs (decision 0170): each a preview (`dryRun`) or an import of an uploaded sheet, run as a
 * job. Clients list and read their shop's runs (newest first), start another run over an earlier
 * run's file (`create`), and cancel one (`patch { cancel: true }`); the server writes everything else.
 */
export class ImportRunService extends RecordService<ImportRun, ImportRunData, ImportRunPatch> {
  files!: ImportFiles
  jobs?: Jobs
  /** What the job runs a record with; without a queue (never in the app) a run starts in this process. */
  env?: ImportJobEnv

  constructor(options: RecordOptions) {
    super(options)
  }

  async teardown() {
    this.files.close()
  }

  /** The record as a client sees it (events carry it). */
  view(row: Row): ImportRun {
    return this.output(row, {}) as unknown as ImportRun
  }

  override async find(params: Params = {}) {
    const query = (params.query ?? {}) as Row
    return super.find(this.readable({ ...params, query: { $sort: { createdAt: -1, _id: -1 }, ...query } }))
  }

  override async get(id: Id, params: Params = {}): Promise<ImportRun> {
    return super.get(id, this.readable(params))
  }

  /**
   * A run holds its sheet's rows (its failed rows' cells): a client sees only the runs of lists it may
   * read, and cancels only those it may write; any other is not found (404).
   */
  private readable(params: Params, rule: 'read' | 'write' = 'read'): Params {
    if (!params.provider) return params
    const targets = Object.entries(IMPORT_TARGETS)
      .filter(([, target]) => {
        const rules = serviceRules[target.path as keyof typeof serviceRules]
        return rules && params.caller && !refusal(rules[rule], params.caller)
      })
      .map(([name]) => name)
    return { ...params, query: { ...((params.query ?? {}) as Row), target: { $in: targets } } }
  }

  /** Another run over an earlier run's file and mapping: the import after its preview, or a preview of another sheet. */
  override async create(data: ImportRunData, params: Params = {}): Promise<ImportRun> {
    const shop = params.shop
    if (!shop) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Data must be an object')
    const unknown = Object.keys(data).find((key) => !['from', 'dryRun', 'sheetName'].includes(key))
    if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
    if (typeof data.from !== 'string' || !isObjectId(data.from))
      throw new BadRequest('"from" must be a run of this shop', { key: 'format.invalid', field: 'from' })
    if (typeof data.dryRun !== 'boolean')
      throw new BadRequest('"dryRun" must be yes or no', { key: 'format.boolean', field: 'dryRun' })
    if (data.sheetName !== undefined && data.sheetName !== null && typeof data.sheetName !== 'string')
      throw new BadRequest('"sheetName" must be text', { key: 'format.text', field: 'sheetName' })
    // Read in this shop only: another shop's run is not found (404).
    const from = (await super.get(data.from, this.readable({ ...params, query: { shop } }))) as ImportRun
    const sheetName = data.sheetName === undefined ? (from.sheetName ?? null) : data.sheetName
    if (sheetName !== null && from.sheets.length && !from.sheets.includes(sheetName))
      throw new BadRequest(sharedMessages.en['import.noSheet'], { key: 'import.noSheet', field: 'sheetName' })
    if (!data.dryRun && (!from.dryRun || from.status !== 'done' || (from.sheetName ?? null) !== sheetName))
      throw new BadRequest(sharedMessages.en['import.notPreview'], { key: 'import.notPreview', field: 'from' })
    this.checkWrite(from.target, params)
    return this.start(
      {
        shop,
        user: params.user?._id ?? from.user,
        target: from.target,
        template: from.template ?? null,
        fileName: from.fileName,
        sheets: from.sheets,
        sheetName,
        dryRun: data.dryRun,
        preview: from.dryRun ? from._id : (from.preview ?? null),
        total: !data.dryRun ? from.records : null
      },
      (run) => this.files.share(shop, from._id, run)
    )
  }

  /** Only `{ cancel: true }`: the run stops after the batch in progress; what committed stays. */
  override async patch(id: NullableId, data: ImportRunPatch, params: Params = {}): Promise<ImportRun> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    const keys = Object.keys(data ?? {})
    if (keys.length !== 1 || data.cancel !== true)
      throw new BadRequest(sharedMessages.en['import.onlyCancel'], {
        key: 'import.onlyCancel',
        field: keys.find((k) => k !== 'cancel') ?? 'cancel'
      })
    return (await super.patch(id, { cancel: true }, this.readable(params, 'write'))) as ImportRun
  }

  override async update(_id: Id, _data: ImportRunData, _params?: Params): Promise<ImportRun> {
    throw new MethodNotAllowed('Import runs are not replaced')
  }

  override async remove(_id: NullableId, _params?: Params): Promise<ImportRun> {
    throw new MethodNotAllowed('Import runs are not removed')
  }

  /** The caller may write the list the run imports into (a preview too: it writes, then rolls back). */
  checkWrite(target: string, params: Params) {
    if (!params.provider) return
    const path = IMPORT_TARGETS[target]?.path
    const rule = path ? serviceRules[path as keyof typeof serviceRules] : undefined
    if (!rule || !params.caller || refusal(rule.write, params.caller))
      throw new Forbidden('No Permission', { key: 'errors.noPermission' })
  }

  /**
   * Makes a run (its files first, then its record) and sends its job. A second import of the same list
   * while one waits or runs breaks the partial unique index: 409 `import.busy`, whatever the timing.
   */
  async start(run: NewRun, files: (id: string) => Promise<void>): Promise<ImportRun> {
    const id = newObjectId()
    await files(id)
    const knex = this.options.db.knex
    let row: Row
    try {
      row = await shopTransaction(knex, this.options.rowSecurity === true, run.shop, async (trx) => {
        const [inserted] = (await trx(IMPORT_RUNS_TABLE)
          .insert({
            _id: id,
            ...run,
            sheets: JSON.stringify(run.sheets),
            status: 'queued',
            records: 0,
            lastRow: 0,
            counts: JSON.stringify({ new: 0, modified: 0, unchanged: 0, errors: 0 }),
            headers: '[]',
            mapped: '[]',
            ignored: '[]',
            outcomes: '[]',
            errorRows: '[]'
          })
          .returning('*')) as Row[]
        return inserted
      })
    } catch (error) {
      await this.files.forget(run.shop, id)
      if ((error as { code?: string }).code === '23505') throw busy()
      throw toFeathersError(error)
    }
    this.options.counts.invalidate(IMPORT_RUNS_TABLE, [run.shop])
    const data = { shop: run.shop, run: id }
    if (this.jobs) {
      try {
        await this.jobs.send(IMPORT_RUN_JOB, data)
      } catch (error) {
        // No job, no run: the record must not hold the list busy.
        await shopTransaction(knex, this.options.rowSecurity === true, run.shop, (trx) =>
          trx(IMPORT_RUNS_TABLE).where({ shop: run.shop, _id: id }).update({ status: 'failed', finishedAt: trx.fn.now() })
        ).catch(() => undefined)
        throw toFeathersError(error)
      }
      this.jobs.notify(IMPORT_RUN_JOB)
    } else if (this.env) void runImportRun(this.env, data).catch(() => undefined)
    return this.view(row)
  }
}
