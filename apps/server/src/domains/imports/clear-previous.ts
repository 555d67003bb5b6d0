import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { ImportRequest } from './engine'
import { shopTransaction } from '../../platform/tenancy'
import type { ImportPlan, MappedColumn } from './plan'
import { readRows } from './sheet-reader'

type Row = Record<string, unknown>

const REMOVE_BATCH = 100
const SEPARATOR = '\u001f'

/** The import's own sheet and mapping (its request's fields), read again after its last batch. */
export interface ClearPrevious extends Pick<
  ImportRequest,
  'app' | 'knex' | 'rowSecurity' | 'shop' | 'params' | 'writeParams' | 'plan' | 'file' | 'format' | 'rows' | 'sheetName'
> {
  headerRow: number
  dataStartRow: number
  /** Records made at or after this instant are the import's own (a new row has no key yet). */
  since?: Date
  /** Count only (the preview). */
  dryRun: boolean
}

const keyText = (stored: unknown, column: MappedColumn): string[] => {
  if (stored === null || stored === undefined) return []
  if (typeof stored === 'object' && !Array.isArray(stored)) {
    const texts = Object.entries(stored as Row)
      .filter(([lang, value]) => typeof value === 'string' && (!column.lang || lang === column.lang))
      .map(([, value]) => String(value).trim().toLowerCase())
    return texts
  }
  return [String(stored).trim().toLowerCase()]
}

/**
 * The template's "clear previous" (spec §3.13, decision 0170): the shop's records of the list that
 * the sheet does not name by its key columns are removed through the list's own service, a batch per
 * transaction, only in this shop; records the import itself made stay. The preview only counts them.
 * A row that failed still names its record: a typo never costs a record.
 */
export const clearPrevious = async (request: ClearPrevious): Promise<number> => {
  let plan: ImportPlan | undefined
  let keyColumns: MappedColumn[] = []
  const named = new Set<string>()
  for await (const row of request.rows?.() ?? readRows(request.file, request.format, request.sheetName)) {
    if (row.row === request.headerRow) {
      plan = request.plan(row.cells)
      keyColumns = plan.columns.filter((column) => column.key && !column.item && column.index !== undefined)
      continue
    }
    if (!plan || row.row < request.dataStartRow) continue
    const texts = keyColumns.map((column) => (row.cells[column.index!] ?? '').trim().toLowerCase())
    if (texts.some(Boolean)) named.add(texts.join(SEPARATOR))
  }
  if (!plan) return 0
  const service = request.app.service(plan.target.path)
  const fields = [...new Set(keyColumns.map((column) => column.field))]
  const unnamed: string[] = []
  let cursor: string | true | undefined = true
  while (cursor) {
    const page = (await service.find({
      ...request.params,
      query: { shop: request.shop, $select: ['_id', 'createdAt', ...fields], $limit: 500, $cursor: cursor }
    })) as { data: Row[]; cursors?: { next?: string } }
    for (const record of page.data) {
      if (request.since && record.createdAt && new Date(record.createdAt as string) >= request.since) continue
      // Each key column's stored value in the column's language; named when one combination is in the sheet.
      let combos = ['']
      keyColumns.forEach((column, i) => {
        const texts = keyText(record[column.field], column)
        combos = combos.flatMap((combo) => (texts.length ? texts : ['']).map((text) => (i ? `${combo}${SEPARATOR}` : '') + text))
      })
      if (!keyColumns.length || !combos.some((combo) => named.has(combo))) unnamed.push(String(record._id))
    }
    cursor = page.cursors?.next
  }
  if (request.dryRun) return unnamed.length
  const writer = Object.getPrototypeOf(service) as {
    remove(id: string, params: Params & { transaction: Knex.Transaction }): Promise<unknown>
  }
  let removed = 0
  for (let i = 0; i < unnamed.length; i += REMOVE_BATCH) {
    await shopTransaction(request.knex, request.rowSecurity, request.shop, async (trx) => {
      for (const id of unnamed.slice(i, i + REMOVE_BATCH)) {
        // A savepoint per record: one the list refuses to remove (still in use) stays, the others go.
        const gone = await trx
          .transaction((one) => writer.remove(id, { ...request.writeParams, query: { shop: request.shop }, transaction: one }))
          .then(
            () => true,
            () => false
          )
        if (gone) removed += 1
      }
    })
  }
  return removed
}
