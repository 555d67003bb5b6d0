import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import { stripSlashes } from '@feathersjs/commons'
import { RecordService } from '../../platform/records/record-service'
import { translate, valueAt } from './cells'
import type { ExportColumn, ExportLocale, ExportRef } from './export.schema'

type Row = Record<string, unknown>

/** Ids per read of a referenced list: one `$in` of this many, whatever the row count. */
export const REFERENCE_BATCH = 500
/** Names remembered per reference between pages (a shop's categories repeat on every page); past it, the memory starts again. */
const CACHE_LIMIT = 10_000

const idsIn = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '')

const dataOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { data?: Row[] })?.data ?? []))

interface Reference {
  ref: ExportRef
  itemKey: string
  textField: string
  /** The row fields holding ids of it (the read record's id is at `ref.from` for a list reference). */
  fields: string[]
  /** Record id → its name in the export's language; for a list reference, record id → (item id → name). */
  known: Map<string, unknown>
}

const keyOf = (ref: ExportRef) => JSON.stringify([stripSlashes(ref.path), ref.textField, ref.itemKey, ref.from, ref.list])

/**
 * The names behind the export's reference columns (decision 0071). The ids of each page are read in
 * batches of REFERENCE_BATCH through the referenced list's own service, as the caller and within the
 * export's shop (another shop's record, or one the caller may not read, gives an empty cell), and
 * remembered for the following pages: at most one read per reference, page and 500 new ids, none for
 * ids already read.
 */
export class ReferenceNames {
  private readonly references = new Map<string, Reference>()
  /** Reads made so far (what the tests bound). */
  reads = 0

  constructor(
    private readonly app: Application,
    private readonly params: Params,
    private readonly shop: unknown,
    private readonly locale: ExportLocale,
    columns: ExportColumn[]
  ) {
    for (const { ref, field } of columns) {
      if (!ref) continue
      const key = keyOf(ref)
      const known = this.references.get(key)
      if (known) known.fields.push(field)
      else
        this.references.set(key, {
          ref,
          itemKey: ref.itemKey ?? (ref.list ? 'id' : '_id'),
          textField: ref.textField ?? 'name',
          fields: [field],
          known: new Map()
        })
    }
  }

  private service(ref: ExportRef) {
    const path = stripSlashes(ref.path)
    const service: unknown = (this.app.services as Record<string, unknown>)[path]
    if (!service) throw new NotFound(`Service '${path}' not found`, { field: 'ref.path' })
    if (!(service instanceof RecordService)) throw new BadRequest(`"${path}" is not a list`, { field: 'ref.path' })
    return this.app.service(path)
  }

  private find(ref: ExportRef, query: Row) {
    return this.service(ref).find({ ...this.params, query: this.shop === undefined ? query : { shop: this.shop, ...query } })
  }

  /** Asks each referenced list once, as the caller, before a byte is sent: a refusal is an ordinary error answer. */
  async check() {
    for (const { ref } of this.references.values()) await this.find(ref, { $limit: 0 })
  }

  /** Reads what `rows` reference and is not known yet. */
  async load(rows: Row[]) {
    for (const { ref, itemKey, textField, fields, known } of this.references.values()) {
      const paths = ref.list ? [ref.from ?? ''] : fields
      const wanted = new Set<string>()
      for (const row of rows)
        for (const path of paths) for (const id of idsIn(valueAt(row, path))) if (!known.has(id)) wanted.add(id)
      if (!wanted.size) continue
      if (known.size + wanted.size > CACHE_LIMIT) known.clear()
      const key = ref.list ? '_id' : itemKey
      const $select = ref.list ? ['_id', ref.list] : [itemKey, textField]
      const all = [...wanted]
      for (let start = 0; start < all.length; start += REFERENCE_BATCH) {
        const batch = all.slice(start, start + REFERENCE_BATCH)
        this.reads += 1
        // Only the name in the export's language is kept, not the record.
        for (const record of dataOf(await this.find(ref, { [key]: { $in: batch }, $select, $limit: batch.length }))) {
          if (!ref.list) known.set(String(record[key]), translate(record[textField], this.locale))
          else {
            const items = Array.isArray(record[ref.list]) ? (record[ref.list] as Row[]) : []
            known.set(
              String(record._id),
              new Map(items.map((item) => [String(item?.[itemKey]), translate(item?.[textField], this.locale)]))
            )
          }
        }
        // Not found (removed, or not this shop's): remembered as nothing, so it is not asked again.
        for (const id of batch) if (!known.has(id)) known.set(id, ref.list ? new Map() : undefined)
      }
    }
  }

  /** The referenced names of one cell, in the export's language; ids that name nothing are left out. */
  texts(column: ExportColumn, row: Row): string[] {
    const reference = column.ref && this.references.get(keyOf(column.ref))
    if (!reference) return []
    const ids = idsIn(valueAt(row, column.field))
    let names = reference.known
    if (reference.ref.list) {
      const holder = idsIn(valueAt(row, reference.ref.from ?? ''))[0]
      names = ((holder && reference.known.get(holder)) as Map<string, unknown> | undefined) ?? new Map()
    }
    return ids.map((id) => names.get(id)).filter((name): name is string => typeof name === 'string' && name !== '')
  }
}
