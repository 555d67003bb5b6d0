import type { Application, Params } from '@feathersjs/feathers'
import type { ImportTarget, MappedColumn } from './plan'

type Row = Record<string, unknown>

/** A row's problem: a message key the screen translates, the field, the words it names. */
export interface RowProblem {
  key: string
  field: string
  message: string
  values?: Record<string, string>
}

export class CellProblem extends Error {
  constructor(readonly problem: RowProblem) {
    super(problem.message)
  }
}

const problem = (key: string, field: string, message: string, values?: Record<string, string>) =>
  new CellProblem({ key, field, message, values })

/** 1970-01-01 as a spreadsheet's day number, and a day in milliseconds. */
const EXCEL_EPOCH_DAYS = 25569
const DAY_MS = 86_400_000

const YES = new Set(['yes', 'y', 'true', '1', '是', 'ja'])
const NO = new Set(['no', 'n', 'false', '0', '否'])

/** Names of a referenced list's records in every language, read once per import (a shop's categories, brands). */
export class ReferenceLookup {
  private readonly lists = new Map<string, Promise<Map<string, Set<string>>>>()
  private readonly labels = new Map<string, Map<string, string>>()

  constructor(
    private readonly app: Application,
    private readonly params: Params,
    private readonly shop: string
  ) {}

  private load(path: string, textField: string, itemKey: string) {
    const key = `${path}|${textField}|${itemKey}`
    let list = this.lists.get(key)
    if (!list) {
      list = (async () => {
        const names = new Map<string, Set<string>>()
        const label = new Map<string, string>()
        this.labels.set(key, label)
        let cursor: string | true | undefined = true
        while (cursor) {
          const page = (await this.app.service(path).find({
            ...this.params,
            query: { shop: this.shop, $select: [itemKey, textField], $limit: 500, $cursor: cursor }
          })) as { data: Row[]; cursors?: { next?: string } }
          for (const record of page.data) {
            const id = String(record[itemKey])
            const text = record[textField]
            const all =
              typeof text === 'string' ? [text] : Object.values((text ?? {}) as Row).filter((v) => typeof v === 'string')
            for (const name of all as string[]) {
              const word = name.trim().toLowerCase()
              if (!word) continue
              if (!names.has(word)) names.set(word, new Set())
              names.get(word)!.add(id)
              if (!label.has(id)) label.set(id, name)
            }
          }
          cursor = page.cursors?.next
        }
        return names
      })()
      this.lists.set(key, list)
    }
    return { list, key }
  }

  /** The shop's records of a list with this name in any language (none, one or more), and their labels. */
  async named(path: string, textField: string, itemKey: string, name: string) {
    const { list, key } = this.load(path, textField, itemKey)
    return { ids: [...((await list).get(name.trim().toLowerCase()) ?? [])], labels: this.labels.get(key)! }
  }

  private readonly items = new Map<string, Promise<Map<string, Set<string>>>>()

  /** Names → item keys of one record's list (a product's SKUs), read once per record as the caller, in the shop. */
  private itemsOf(path: string, id: string, list: string, textField: string, itemKey: string) {
    const key = `${path}|${id}|${list}|${textField}|${itemKey}`
    let found = this.items.get(key)
    if (!found) {
      found = (async () => {
        const page = (await this.app.service(path).find({
          ...this.params,
          query: { shop: this.shop, _id: id, $select: ['_id', list], $limit: 1 }
        })) as { data: Row[] }
        const names = new Map<string, Set<string>>()
        for (const item of (page.data[0]?.[list] as Row[] | undefined) ?? []) {
          const text = item?.[textField]
          const all = typeof text === 'string' ? [text] : Object.values((text ?? {}) as Row).filter((v) => typeof v === 'string')
          for (const name of all as string[]) {
            const word = name.trim().toLowerCase()
            if (!word) continue
            if (!names.has(word)) names.set(word, new Set())
            names.get(word)!.add(String(item[itemKey]))
          }
        }
        return names
      })()
      this.items.set(key, found)
    }
    return found
  }

  /**
   * The one record of the shop with this name (or, for an item reference, the one item of the row's
   * record at `ref.from` with it); none or two are the row's problem, both named.
   */
  async resolve(column: MappedColumn, name: string, record: Row = {}): Promise<string> {
    const ref = column.ref!
    if (ref.list) {
      const holder = record[ref.from ?? '']
      if (typeof holder !== 'string' || !holder)
        throw problem('import.refUnknown', column.header, `No "${name}" without its ${ref.from ?? 'record'}`, { name })
      const ids = (await this.itemsOf(ref.path, holder, ref.list, ref.textField ?? 'name', ref.itemKey ?? 'id')).get(
        name.trim().toLowerCase()
      )
      if (!ids?.size) throw problem('import.refUnknown', column.header, `No "${name}" in ${ref.list}`, { name })
      if (ids.size > 1) {
        const both = [...ids].map((id) => `${name} (${id})`).join(', ')
        throw problem('import.refAmbiguous', column.header, `"${name}" names more than one item: ${both}`, {
          name,
          records: both
        })
      }
      return [...ids][0]
    }
    const { ids, labels } = await this.named(ref.path, ref.textField ?? 'name', ref.itemKey ?? '_id', name)
    if (!ids.length) throw problem('import.refUnknown', column.header, `No "${name}" in ${ref.path}`, { name })
    if (ids.length > 1) throw ambiguous(column, name, ids, labels)
    return ids[0]
  }
}

const ambiguous = (column: MappedColumn, name: string, ids: string[], labels: Map<string, string>) => {
  const both = ids.map((id) => `${labels.get(id) ?? name} (${id})`).join(', ')
  return problem('import.refAmbiguous', column.header, `"${name}" names more than one record: ${both}`, {
    name,
    records: both
  })
}

/**
 * Adds a key column's value to the record's keys (decision 0172). A row's ID, when it has one, finds the
 * record alone: its natural keys (the target's `keys`, a translated name) are then values it may change,
 * so a name two records share, or a new e-mail, does not stand in its way (the ID column is read first).
 * Without an ID, a translated name finds its record by name in any language among the shop's records: its
 * id becomes the key (none: a new record; two: the row's error, both named).
 */
export const addKey = async (
  keys: Row,
  target: ImportTarget,
  column: MappedColumn,
  value: unknown,
  lookup: ReferenceLookup
): Promise<void> => {
  const natural = column.translated || Boolean(target.keys?.includes(column.field))
  if (natural && column.field !== '_id' && keys._id !== undefined) return
  if (!column.translated) {
    keys[column.field] = value
    return
  }
  const { ids, labels } = await lookup.named(target.path, column.field, '_id', String(value))
  if (ids.length > 1) throw ambiguous(column, String(value), ids, labels)
  if (ids.length) keys._id = ids[0]
}

/** The changes an existing record of the target may not take (decision 0172): the row's error, naming the fields. */
export const refusedChanges = (target: ImportTarget, changes: { field: string }[]): RowProblem | undefined => {
  if (!target.patchable) return undefined
  const refused = [...new Set(changes.map(({ field }) => field.split(/[.[]/)[0]))].filter(
    (field) => !target.patchable!.includes(field)
  )
  if (!refused.length) return undefined
  return {
    key: 'import.notChangeable',
    field: refused[0],
    message: `${refused.join(', ')} cannot change on an existing record; a new row makes a new one`,
    values: { fields: refused.join(', ') }
  }
}

const numberOf = (text: string, column: MappedColumn) => {
  const n = Number(text.replace(/[,\s]/g, ''))
  if (text.trim() === '' || !Number.isFinite(n))
    throw problem('import.number', column.header, `"${text}" is not a number`, { value: text })
  return n
}

/** A cell as the field's value, the way the export wrote it (amounts, Yes/No, labels, names). */
export const cellValue = async (column: MappedColumn, text: string, lookup: ReferenceLookup, record?: Row): Promise<unknown> => {
  const one = async (cell: string): Promise<unknown> => {
    if (column.ref) return lookup.resolve(column, cell, record)
    if (column.words) {
      const value = column.words.get(cell.trim().toLowerCase())
      if (value !== undefined) return value
      if ([...column.words.values()].includes(cell.trim())) return cell.trim()
      throw problem('import.enum', column.header, `"${cell}" is not one of the choices`, { value: cell })
    }
    switch (column.kind) {
      case 'money':
        return Math.round(numberOf(cell, column) * 100)
      case 'number':
        return numberOf(cell, column)
      case 'date': {
        // The export writes ISO 8601 UTC (CSV) or a date cell (XLSX), which a streamed sheet reads as its
        // serial number: days since 1899-12-30, the day's fraction its time.
        const serial = /^\d+(\.\d+)?$/.test(cell.trim()) ? Number(cell) : undefined
        const date = serial !== undefined ? new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * DAY_MS)) : new Date(cell.trim())
        if (Number.isNaN(date.getTime())) throw problem('import.date', column.header, `"${cell}" is not a date`, { value: cell })
        return date.toISOString()
      }
      case 'boolean': {
        const word = cell.trim().toLowerCase()
        if (YES.has(word)) return true
        if (NO.has(word)) return false
        throw problem('import.boolean', column.header, `"${cell}" is neither yes nor no`, { value: cell })
      }
      default:
        return cell
    }
  }
  if (column.many) {
    const parts = text
      .split(/[,，、]/)
      .map((part) => part.trim())
      .filter(Boolean)
    const values: unknown[] = []
    for (const part of parts) values.push(await one(part))
    return values
  }
  return one(text)
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d/

/** Equal as stored: numbers, texts, lists in order; a missing value equals an empty one. */
export const same = (a: unknown, b: unknown): boolean => {
  const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)
  if (blank(a) && blank(b)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]))
  // The same instant however it is written (stored `…00Z`, read back `…00.000Z`).
  if (typeof a === 'string' && typeof b === 'string' && ISO.test(a) && ISO.test(b)) return Date.parse(a) === Date.parse(b)
  return a === b
}
