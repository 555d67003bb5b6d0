import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isPostgres } from '../../platform/db/dialect'
import { skuCarry } from '../../domains/stock/sku-carry'
import { checkProductReferences } from './product-references'
import { specValueFits } from './spec-values'

type Row = Record<string, unknown>

/**
 * The products service's rules beyond the schema (docs/decisions/0040), checked on the record as
 * written (so patch operators are covered too), inside the write's transaction: a broken rule rolls
 * the write back. Only what the write changed is checked, so a category or spec definition changed
 * later never blocks an unrelated edit. Reads name the product's own shop explicitly.
 */
export const checkProduct = async (
  db: Knex | Knex.Transaction,
  after: Row,
  before: Row | undefined,
  external: boolean,
  /** The calling user, whose own shops a product link may name (decision 0189). */
  caller?: string | null
) => {
  if (external && after.status === 'auto_soldOut' && before?.status !== 'auto_soldOut')
    throw invalid('status', 'auto_soldOut is set by the inventory only')
  checkSkuIds(after)
  await checkReferences(db, after, before)
  await checkProductReferences(db, after, before, caller)
  await checkSpecs(db, after, before)
  await checkCodes(db, after, before)
  await checkRemovedSkus(db, after, before)
}

const invalid = (field: string, message: string) => new BadRequest(message, { key: 'format.invalid', field })
const list = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : [])

const checkSkuIds = (product: Row) => {
  const seen = new Set<unknown>()
  list(product.skus).forEach((sku, i) => {
    if (seen.has(sku.id)) throw invalid(`skus.${i}.id`, 'Two SKUs of a product have the same id')
    seen.add(sku.id)
  })
}

// The main category before the list: a main category of another shop joins the list too (decision
// 0151), and the refusal names the field the merchant chose it in.
const REFERENCES = [
  { field: 'category', table: 'categories', many: false },
  { field: 'categories', table: 'categories', many: true },
  { field: 'brand', table: 'brands', many: false },
  { field: 'tags', table: 'tags', many: true }
] as const

const idsAt = (record: Row | undefined, field: string, many: boolean): unknown[] => {
  const value = record?.[field]
  if (many) return Array.isArray(value) ? value : []
  return typeof value === 'string' ? [value] : []
}

/** Categories, brand and tags must be the product's shop's own. */
const checkReferences = async (db: Knex | Knex.Transaction, after: Row, before: Row | undefined) => {
  const wanted = new Map<string, { id: string; field: string }[]>()
  for (const { field, table, many } of REFERENCES) {
    const old = new Set(idsAt(before, field, many))
    idsAt(after, field, many).forEach((id, i) => {
      if (old.has(id)) return
      wanted.set(table, [...(wanted.get(table) ?? []), { id: String(id), field: many ? `${field}.${i}` : field }])
    })
  }
  for (const [table, refs] of wanted) {
    const rows = (await db(table)
      .select('_id')
      .where('shop', after.shop as string)
      .whereIn(
        '_id',
        refs.map((ref) => ref.id)
      )) as { _id: string }[]
    const found = new Set(rows.map((row) => row._id))
    const missing = refs.find((ref) => !found.has(ref.id))
    if (missing) throw invalid(missing.field, `"${missing.field}" is not one of this shop's ${table}`)
  }
}

/** Each new or changed spec value must fit its definition (spec §3.7). */
const checkSpecs = async (db: Knex | Knex.Transaction, after: Row, before: Row | undefined) => {
  const entries = list(after.specs)
  const seen = new Set<unknown>()
  entries.forEach((entry, i) => {
    if (seen.has(entry.spec)) throw invalid(`specs.${i}.spec`, 'A spec is given twice')
    seen.add(entry.spec)
  })
  const previous = new Set(list(before?.specs).map((entry) => JSON.stringify(entry)))
  const changed = entries.map((entry, i) => ({ entry, i })).filter(({ entry }) => !previous.has(JSON.stringify(entry)))
  if (!changed.length) return
  const definitions = (await db('specs')
    .select('_id', 'type', 'options', 'min', 'max')
    .where('shop', after.shop as string)
    .whereIn(
      '_id',
      changed.map(({ entry }) => String(entry.spec))
    )) as Row[]
  const byId = new Map(definitions.map((definition) => [definition._id, definition]))
  for (const { entry, i } of changed) {
    const definition = byId.get(entry.spec)
    if (!definition) throw invalid(`specs.${i}.spec`, `"specs.${i}.spec" is not one of this shop's specs`)
    if (!specValueFits(definition, entry.value))
      throw invalid(`specs.${i}.value`, `"specs.${i}.value" does not fit the ${String(definition.type)} spec`)
  }
}

const duplicate = (field: string) =>
  new Conflict('This code is already used by another product', { key: 'errors.duplicateCode', field })

/**
 * One scan means one product (0040): a SKU code may equal neither another SKU code of the product
 * nor any posCode or SKU code of another product of the shop, nor may a posCode equal another
 * product's SKU code (posCodes among themselves: the unique index). Writers of new codes in a shop
 * take turns (an advisory lock held to commit), so two products cannot claim one code at once.
 */
const checkCodes = async (db: Knex | Knex.Transaction, after: Row, before: Row | undefined) => {
  const skus = list(after.skus)
  const seen = new Set<unknown>()
  skus.forEach((sku, i) => {
    if (typeof sku.code !== 'string') return
    if (seen.has(sku.code)) throw duplicate(`skus.${i}.code`)
    seen.add(sku.code)
  })
  const old = new Set([before?.posCode, ...list(before?.skus).map((sku) => sku.code)].filter((c) => typeof c === 'string'))
  const fresh: { code: string; field: string }[] = []
  if (typeof after.posCode === 'string' && !old.has(after.posCode)) fresh.push({ code: after.posCode, field: 'posCode' })
  skus.forEach((sku, i) => {
    if (typeof sku.code === 'string' && !old.has(sku.code)) fresh.push({ code: sku.code, field: `skus.${i}.code` })
  })
  if (!fresh.length) return
  if (isPostgres(db)) await db.raw('select pg_advisory_xact_lock(hashtext(?))', [`products:${String(after.shop)}`])
  const codes = [...new Set(fresh.map((entry) => entry.code))]
  const others = (await db('products')
    .select('posCode', 'skus')
    .where('shop', after.shop as string)
    .whereNot('_id', after._id as string)
    .where((q) => {
      q.whereIn('posCode', codes)
      for (const code of codes) q.orWhereRaw('skus @> ?::jsonb', [JSON.stringify([{ code }])])
    })
    .limit(50)) as Row[]
  if (!others.length) return
  const posCodes = new Set(others.map((other) => other.posCode))
  const skuCodes = new Set(others.flatMap((other) => list(other.skus).map((sku) => sku.code)))
  const taken = fresh.find(({ code, field }) => skuCodes.has(code) || (field !== 'posCode' && posCodes.has(code)))
  if (taken) throw duplicate(taken.field)
}

const stockKeys = (product: Row | undefined) => {
  const skus = list(product?.skus)
  return skus.length ? skus.map((sku) => String(sku.id)) : ['']
}

/**
 * Stock lives per SKU id ('' without SKUs): a write that drops a key with stock would orphan it. The
 * keys whose stock the write carries to another (a product's first SKUs, or dropping its last:
 * sku-carry.ts, docs/decisions/0070) are not dropped: their stock moves with the write.
 */
const checkRemovedSkus = async (db: Knex | Knex.Transaction, after: Row, before: Row | undefined) => {
  if (!before) return
  const kept = new Set([...stockKeys(after), ...(skuCarry(before, after)?.from ?? [])])
  const removed = stockKeys(before).filter((key) => !kept.has(key))
  if (!removed.length) return
  const held = (await db('stocks')
    .select('sku')
    .where('product', after._id as string)
    .whereIn('sku', removed)
    .where((q) => q.whereNot('quantity', 0).orWhereNot('reserved', 0))
    .first()) as { sku: string } | undefined
  if (held)
    throw new BadRequest('This SKU still has stock; move or adjust it first', {
      key: 'errors.skuHasStock',
      field: 'skus',
      sku: held.sku
    })
}
