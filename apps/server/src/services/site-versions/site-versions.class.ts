import { BadRequest } from '@feathersjs/errors'
import type { Application, Paginated } from '@feathersjs/feathers'
import { servicePaths, type SiteSnapshot, type SiteVersion, type SiteVersionData } from '@emporia/shared'
import type { PublishedSite } from '../../domains/eshop/published-site'
import { publishSite } from '../../domains/eshop/publish-site'
import { restoreSite, type DraftTable, type RestoredTable } from '../../domains/eshop/restore-site'
import { userOf } from '../../domains/stock/service-support'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { shopTransaction } from '../../platform/tenancy'

type Row = Record<string, unknown>

/** A row as answered: no NULL fields, and never the snapshot (lists and events stay small). */
const answer = (row: Row): SiteVersion => {
  const { snapshot: _snapshot, ...rest } = row
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)) as SiteVersion
}

const PATHS: Record<DraftTable, string> = {
  pages: servicePaths.pages,
  components: servicePaths.components,
  themes: servicePaths.themes
}

/** `{note?}` publishes, `{restore: n}` restores; nothing else is data. */
const intake = (data: unknown): SiteVersionData => {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new BadRequest('Publish one version at a time', { key: 'format.invalid', field: 'data' })
  const { note, restore, ...rest } = data as Row
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined)
    throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
  if (note !== undefined && note !== null && (typeof note !== 'string' || note.length > 500))
    throw new BadRequest('"note": at most 500 characters of text', {
      key: 'format.tooLong',
      field: 'note',
      values: { length: 500 }
    })
  if (restore !== undefined && (typeof restore !== 'number' || !Number.isInteger(restore) || restore < 1))
    throw new BadRequest('"restore": a version number', { key: 'format.integer', field: 'restore' })
  return { note: (note as string | null | undefined) ?? null, ...(restore === undefined ? {} : { restore: restore as number }) }
}

/**
 * Site versions (§2.10 drafts and publish, with history; decision 0107). `create` publishes the drafts
 * or restores a version into them, each in one walled transaction; `find` never answers snapshots,
 * `get` does. There is no patch, update or remove: history is kept as it happened.
 */
export class SiteVersionService extends RecordService<SiteVersion> {
  override async find(params: RecordParams = {}): Promise<Paginated<SiteVersion> | SiteVersion[]> {
    const query = { ...((params.query ?? {}) as Row) }
    const asked = query.$select
    const fields = asked === undefined ? [...this.model.fields.keys()] : typeof asked === 'string' ? asked.split(',') : asked
    query.$select = Array.isArray(fields) ? fields.filter((field) => field !== 'snapshot') : fields
    return super.find({ ...params, query })
  }

  override async create(data: Partial<SiteVersion> | Partial<SiteVersion>[], params: RecordParams = {}): Promise<SiteVersion> {
    const { note, restore } = intake(data)
    const shop = params.shop
    if (!shop) throw new BadRequest('Name the shop', { key: 'format.required', field: 'shop' })
    const rowSecurity = this.options.rowSecurity === true
    if (restore === undefined) {
      const row = await shopTransaction(
        this.options.db.knex,
        rowSecurity,
        shop,
        (trx) => publishSite(trx, shop, note ?? null, userOf(params) ?? null),
        params.transaction
      )
      return answer(row)
    }
    const { row, changes } = await shopTransaction(
      this.options.db.knex,
      rowSecurity,
      shop,
      (trx) => restoreSite(trx, shop, restore),
      params.transaction
    )
    this.announce(shop, changes)
    return answer(row)
  }

  /** The drafts a restore replaced, announced on their own services so open editors follow. */
  private announce(shop: string, changes: Record<DraftTable, RestoredTable>) {
    const app = this.app as Application | undefined
    if (!app) return
    for (const [table, { before, after }] of Object.entries(changes) as [DraftTable, RestoredTable][]) {
      const path = PATHS[table]
      const service = app.service(path)
      const emit = (event: string, data: Row) =>
        service.emit(event, data, { app, path, service, method: event, event, params: {}, result: data })
      const kept = new Set<string>()
      for (const row of after) {
        const record = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null))
        kept.add(String(row._id))
        emit(before.has(String(row._id)) ? 'patched' : 'created', record)
      }
      for (const id of before) if (!kept.has(id)) emit('removed', { _id: id, shop })
    }
  }

  /** The shop's highest version with its snapshot, or null (published-site.ts caches it). */
  async latest(shop: string): Promise<PublishedSite | null> {
    const row = (await this.options.db
      .knex('siteVersions')
      .where({ shop })
      .orderBy('version', 'desc')
      .first('version', 'snapshot')) as { version: number | string; snapshot: SiteSnapshot | string } | undefined
    if (!row) return null
    const snapshot = typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as SiteSnapshot) : row.snapshot
    return { version: Number(row.version), snapshot }
  }
}
