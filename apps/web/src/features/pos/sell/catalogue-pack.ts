import { POS_ROW_FIELDS, type PosCatalogue, type PosCatalogueProduct } from '@emporia/shared'
import type { CatalogueIndex } from '../pos-types'

/*
 * The till's catalogue packed (decision 0144): what the catalogue worker makes of the server's lean answer
 * and what IndexedDB keeps. A handful of long strings and typed arrays instead of 100,000 objects, so it
 * crosses from the worker and comes back from IndexedDB as a few copies of memory, not 100,000 objects
 * made one by one. The index over it answers as `buildCatalogueIndex` does (its parity is tested); a
 * product's object is made from its row only when a scan, a search or the pricing asks for it.
 */

/**
 * The stored shape's version: a stored copy of any other shape (the object list before; rows without
 * `ageRestricted`, format 2) is discarded and loaded again.
 */
export const PACK_FORMAT = 3

/**
 * The lean row's fields, in the server's order (the shared POS_ROW_FIELDS); `code` (a product found by
 * the server under its own code) only the till adds, last.
 */
export const ROW_FIELDS = [...POS_ROW_FIELDS, 'code'] as const

/** Where the till's own `code` sits: after the server's fields. */
const CODE_AT = POS_ROW_FIELDS.length

export type Row = unknown[]

/**
 * A hash table of strings in typed arrays: `text` holds the keys end to end (entry i is
 * text[starts[i], starts[i + 1])), `heads` the first entry of each hash slot, `next` the slot's next entry,
 * in the order the entries were added (a code's hits stay in catalogue order). Built in one pass, no sort.
 */
export interface StringTable {
  text: string
  starts: Int32Array
  /** The row each entry names. */
  rows: Int32Array
  heads: Int32Array
  next: Int32Array
}

export interface PackedCatalogue {
  format: typeof PACK_FORMAT
  version: string | null
  /** How many products the shop sold when this was read (the `since` answers compare it). */
  total?: number
  categories: PosCatalogue['categories']
  size: number
  /** Every product's row as JSON, joined by ",\n" (so "[" + rowsText + "]" is the array). */
  rowsText: string
  /** Row i is rowsText[rowStarts[i], rowStarts[i + 1] - 2). */
  rowStarts: Int32Array
  /** Each row's names in every language, codes and SKU codes in lower case, rows joined by "\0". */
  haystack: string
  hayStarts: Int32Array
  /** Product ids. */
  ids: StringTable
  /** posCode, code and SKU codes; `skus` the SKU's place in its product's list, or -1. */
  codes: StringTable & { skus: Int32Array }
  /** The category ids rows name; row i's are catList[catStarts[i], catStarts[i + 1]), indices into catIds. */
  catIds: string[]
  catStarts: Int32Array
  catList: Int32Array
}

/** The typed arrays of a pack: moved, not copied, from the worker. */
export const transferablesOf = (packed: PackedCatalogue): ArrayBuffer[] =>
  [
    packed.rowStarts,
    packed.hayStarts,
    packed.ids.starts,
    packed.ids.rows,
    packed.ids.heads,
    packed.ids.next,
    packed.codes.starts,
    packed.codes.rows,
    packed.codes.skus,
    packed.codes.heads,
    packed.codes.next,
    packed.catStarts,
    packed.catList
  ].map((array) => array.buffer as ArrayBuffer)

export const isPacked = (value: unknown): value is PackedCatalogue =>
  Boolean(value) && (value as { format?: unknown }).format === PACK_FORMAT

export const rowOf = (product: PosCatalogueProduct): Row => {
  const row = ROW_FIELDS.map((field) => (product as unknown as Record<string, unknown>)[field] ?? null)
  // The server's rows stop before `code`.
  if (row[CODE_AT] === null) row.length = CODE_AT
  return row
}

export const productOf = (row: Row): PosCatalogueProduct => {
  const product: Record<string, unknown> = {}
  for (let i = 0; i < ROW_FIELDS.length; i++) if (row[i] !== null && row[i] !== undefined) product[ROW_FIELDS[i]] = row[i]
  return product as unknown as PosCatalogueProduct
}

/** Every language's name of a stored text, lower case, one string (as catalogue-index.ts). */
const namesOf = (name: unknown): string => {
  if (typeof name === 'string') return name.toLowerCase()
  if (!name || typeof name !== 'object') return ''
  // Object.values' order without its arrays: 100,000 names allocate no more than their text.
  let out = ''
  let any = false
  for (const key in name) {
    const value = (name as Record<string, unknown>)[key]
    if (typeof value !== 'string') continue
    out = any ? out + '\u0001' + value : value
    any = true
  }
  return out.toLowerCase()
}

interface Codes {
  keys: string[]
  rows: number[]
  skus: number[]
}

/**
 * Adds a code of row `row` (`sku`: the SKU's place, or -1) unless the row already has it for the same SKU
 * id since entry `first`: the same product under one code twice (its posCode equals its code) is one hit.
 */
const addCode = (
  codes: Codes,
  first: number,
  raw: string | null | undefined,
  row: number,
  sku: number,
  skus: { id?: string }[]
) => {
  const key = raw?.trim()
  if (!key) return
  const skuId = sku < 0 ? undefined : skus[sku]?.id
  for (let e = first; e < codes.keys.length; e++)
    if (codes.keys[e] === key && (codes.skus[e] < 0 ? undefined : skus[codes.skus[e]]?.id) === skuId) return
  codes.keys.push(key)
  codes.rows.push(row)
  codes.skus.push(sku)
}

/** FNV-1a over the UTF-16 units of `text[from, to)`. */
const hashOf = (text: string, from: number, to: number) => {
  let hash = 0x811c9dc5
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

const tableOf = (keys: string[], rows: number[] | null, skus?: number[]) => {
  const m = keys.length
  const text = keys.join('')
  const starts = new Int32Array(m + 1)
  let at = 0
  for (let i = 0; i < m; i++) {
    starts[i] = at
    at += keys[i].length
  }
  starts[m] = at
  let size = 16
  while (size < m * 2) size *= 2
  const heads = new Int32Array(size).fill(-1)
  const next = new Int32Array(m)
  // Added last to first at each slot's head: a slot then lists its entries in the order they came.
  for (let i = m - 1; i >= 0; i--) {
    const slot = hashOf(text, starts[i], starts[i + 1]) & (size - 1)
    next[i] = heads[slot]
    heads[slot] = i
  }
  return {
    text,
    starts,
    rows: rows ? Int32Array.from(rows) : Int32Array.from({ length: m }, (_, i) => i),
    heads,
    next,
    ...(skus ? { skus: Int32Array.from(skus) } : {})
  }
}

/**
 * Packs rows (the lean answer's, or products turned into rows). `rowsText` is their JSON joined by ",\n"
 * when the caller has it (the server's lean answer holds it as sent), else it is written here.
 */
export const packRows = (
  rows: Row[],
  head: { version: string | null; total?: number; categories: PosCatalogue['categories'] },
  rowsText?: string
): PackedCatalogue => {
  const n = rows.length
  const text = rowsText ?? rows.map((row) => JSON.stringify(row)).join(',\n')
  const rowStarts = new Int32Array(n + 1)
  let at = 0
  for (let i = 0; i < n; i++) {
    rowStarts[i] = at
    const next = text.indexOf(',\n', at)
    at = next < 0 ? text.length + 2 : next + 2
  }
  rowStarts[n] = n ? at : 0

  const hay: string[] = new Array<string>(n)
  const hayStarts = new Int32Array(n + 1)
  const ids: string[] = new Array<string>(n)
  const codes: Codes = { keys: [], rows: [], skus: [] }
  const catIndex = new Map<string, number>()
  const catIds: string[] = []
  const catStarts = new Int32Array(n + 1)
  const catList: number[] = []
  let hayAt = 0
  for (let i = 0; i < n; i++) {
    const row = rows[i]
    ids[i] = String(row[0])
    const posCode = row[3] as string | null
    const code = (row[CODE_AT] as string | null | undefined) ?? null
    const skus = (row[7] as { id?: string; code?: string | null }[] | null) ?? []
    const first = codes.keys.length
    addCode(codes, first, posCode, i, -1, skus)
    addCode(codes, first, code, i, -1, skus)
    let words = namesOf(row[1])
    if (posCode) words += '\u0001' + posCode.toLowerCase()
    if (code) words += '\u0001' + code.toLowerCase()
    for (let k = 0; k < skus.length; k++) {
      addCode(codes, first, skus[k].code, i, k, skus)
      if (skus[k].code) words += '\u0001' + skus[k].code!.toLowerCase()
    }
    hay[i] = words
    hayStarts[i] = hayAt
    hayAt += words.length + 1
    catStarts[i] = catList.length
    for (const category of (row[4] as string[] | null) ?? []) {
      let number = catIndex.get(category)
      if (number === undefined) {
        number = catIds.length
        catIndex.set(category, number)
        catIds.push(category)
      }
      catList.push(number)
    }
  }
  hayStarts[n] = hayAt
  catStarts[n] = catList.length
  return {
    format: PACK_FORMAT,
    version: head.version,
    ...(typeof head.total === 'number' ? { total: head.total } : {}),
    categories: head.categories,
    size: n,
    rowsText: text,
    rowStarts,
    haystack: hay.join('\u0000') + '\u0000',
    hayStarts,
    ids: tableOf(ids, null),
    codes: tableOf(codes.keys, codes.rows, codes.skus) as StringTable & { skus: Int32Array },
    catIds,
    catStarts,
    catList: Int32Array.from(catList)
  }
}

/** The lean answer (`format=rows`) or the object answer, as text: packed. */
export const packAnswerText = (text: string): PackedCatalogue => {
  const answer = JSON.parse(text) as PosCatalogue & { format?: string; rows?: Row[] }
  if (answer.format !== 'rows' || !answer.rows) return packAnswer(answer)
  // The rows are sent one a line between "[\n" and "\n]": their text is kept as it came.
  const from = text.indexOf('"rows":[\n')
  const to = from < 0 ? -1 : text.indexOf('\n]', from)
  const rowsText = from >= 0 && to >= 0 && answer.rows.length ? text.slice(from + 9, to) : undefined
  return packRows(answer.rows, answer, rowsText)
}

export const packAnswer = (answer: Pick<PosCatalogue, 'version' | 'products' | 'categories'> & { total?: number }) =>
  packRows(answer.products.map(rowOf), answer)

/** Every row of a pack, parsed. */
export const rowsOf = (packed: Pick<PackedCatalogue, 'rowsText' | 'size'>): Row[] =>
  packed.size ? (JSON.parse(`[${packed.rowsText}]`) as Row[]) : []

/**
 * A `since` answer laid over a pack (as mergeCatalogue): changed products replaced or added at the end,
 * removed ones dropped. Products unchanged keep their row's text as it was.
 */
export const mergePacked = (
  base: Pick<PackedCatalogue, 'rowsText' | 'rowStarts' | 'size' | 'categories' | 'version'>,
  delta: Pick<PosCatalogue, 'version' | 'products' | 'removed' | 'categories'> & { total?: number }
): PackedCatalogue => {
  const gone = new Set([...delta.removed, ...delta.products.map((product) => product._id)])
  const kept: string[] = []
  const rows: Row[] = []
  const all = rowsOf(base)
  for (let i = 0; i < base.size; i++) {
    if (gone.has(String(all[i][0]))) continue
    rows.push(all[i])
    kept.push(base.rowsText.slice(base.rowStarts[i], base.rowStarts[i + 1] - 2))
  }
  for (const product of delta.products) {
    const row = rowOf(product)
    rows.push(row)
    kept.push(JSON.stringify(row))
  }
  const categories = delta.categories.length ? delta.categories : base.categories
  return packRows(rows, { version: delta.version ?? base.version, total: delta.total, categories }, kept.join(',\n'))
}

/** Whether the shop sells another number of products than the pack holds: load the whole catalogue again. */
export const packNeedsFullLoad = (packed: Pick<PackedCatalogue, 'total' | 'size'>) =>
  typeof packed.total === 'number' && packed.total !== packed.size

/** The entries of `table` whose key is `key`, in the order they were added. */
const entriesOf = (table: StringTable, key: string): number[] => {
  const found: number[] = []
  if (!table.next.length) return found
  for (let e = table.heads[hashOf(key, 0, key.length) & (table.heads.length - 1)]; e >= 0; e = table.next[e])
    if (table.starts[e + 1] - table.starts[e] === key.length && table.text.startsWith(key, table.starts[e])) found.push(e)
  return found
}

/** The row whose haystack holds position `at`: the last row starting at or before it. */
const rowAt = (starts: Int32Array, size: number, at: number) => {
  let lo = 0
  let hi = size - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if (starts[mid] <= at) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** The index over a pack: answers as buildCatalogueIndex over the same products. */
export const indexOfPacked = (packed: PackedCatalogue): CatalogueIndex => {
  const { size, rowsText, rowStarts, haystack, hayStarts, ids, codes, catIds, catStarts, catList, categories } = packed
  const made: (PosCatalogueProduct | undefined)[] = new Array<PosCatalogueProduct | undefined>(size)
  const productAt = (row: number) =>
    (made[row] ??= productOf(JSON.parse(rowsText.slice(rowStarts[row], rowStarts[row + 1] - 2)) as Row))

  // A category shows its sub-categories' products too.
  const children = new Map<string, string[]>()
  for (const category of categories) {
    if (!category.parent) continue
    children.set(category.parent, [...(children.get(category.parent) ?? []), category._id])
  }
  const within = new Map<string, Set<string>>()
  const subtree = (id: string): Set<string> => {
    const known = within.get(id)
    if (known) return known
    const set = new Set<string>([id])
    within.set(id, set)
    for (const child of children.get(id) ?? []) for (const grand of subtree(child)) set.add(grand)
    return set
  }
  const numbersOf = (category: string) => {
    const allowed = subtree(category)
    const numbers = new Uint8Array(catIds.length)
    catIds.forEach((id, i) => (numbers[i] = allowed.has(id) ? 1 : 0))
    return numbers
  }
  const inCategory = (row: number, allowed: Uint8Array) => {
    for (let k = catStarts[row]; k < catStarts[row + 1]; k++) if (allowed[catList[k]]) return true
    return false
  }

  return {
    size,
    categories,
    get(id) {
      const [at] = entriesOf(ids, id)
      return at === undefined ? undefined : productAt(ids.rows[at])
    },
    byCode(raw) {
      const code = raw.trim()
      const hits: { product: PosCatalogueProduct; sku?: string }[] = []
      if (!code) return hits
      for (const at of entriesOf(codes, code)) {
        const product = productAt(codes.rows[at])
        const sku = codes.skus[at]
        hits.push(sku < 0 ? { product } : { product, sku: product.skus?.[sku]?.id })
      }
      return hits
    },
    search(text, category, limit) {
      const needle = text.trim().toLowerCase()
      const allowed = category ? numbersOf(category) : null
      const found: PosCatalogueProduct[] = []
      if (!needle) {
        for (let row = 0; row < size && found.length < limit; row++)
          if (!allowed || inCategory(row, allowed)) found.push(productAt(row))
        return found
      }
      // One pass of the engine's own substring search over every row's words; rows are "\0"-separated.
      let at = 0
      while (found.length < limit) {
        const hit = haystack.indexOf(needle, at)
        if (hit < 0) break
        const row = rowAt(hayStarts, size, hit)
        if (!allowed || inCategory(row, allowed)) found.push(productAt(row))
        at = hayStarts[row + 1]
      }
      return found
    }
  }
}
