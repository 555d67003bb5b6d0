import { BadRequest } from '@feathersjs/errors'
import type { TSchema } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { sharedMessages, discountSchema } from '@emporia/shared'
import { ownProducts } from '../products/products'

type Row = Record<string, unknown>
type Node = TSchema & { ref?: string; anyOf?: Node[]; items?: Node | Node[]; properties?: Record<string, Node> }
interface Ref {
  ref: string
  id: string
  field: string
}

/** Every id the record names, found by the schema's `ref`s (filters, efilter, free items, ranks, point types, …). */
const refsIn = (schema: Node, value: unknown, field: string, out: Ref[]) => {
  if (value === null || value === undefined) return
  if (schema.ref && typeof value === 'string') out.push({ ref: schema.ref, id: value, field })
  for (const option of schema.anyOf ?? []) refsIn(option, value, field, out)
  if (Array.isArray(value) && schema.items && !Array.isArray(schema.items)) {
    const items = schema.items
    value.forEach((item, i) => refsIn(items, item, `${field}.${i}`, out))
  }
  if (schema.properties && typeof value === 'object' && !Array.isArray(value))
    for (const [name, child] of Object.entries(schema.properties))
      refsIn(child, (value as Row)[name], field ? `${field}.${name}` : name, out)
}

const refsOf = (record: Row | undefined) => {
  const out: Ref[] = []
  if (record) refsIn(discountSchema as Node, record, '', out)
  return out
}

const notOfShop = (field: string) =>
  new BadRequest(`"${field}": ${sharedMessages.en['discount.notOfShop']}`, { key: 'discount.notOfShop', field })

/**
 * The records a rule names are its shop's own (products, categories, brands, tags, ranks, point types;
 * a free item's SKU is one of its product's). Only ids the write added are looked up, so a product
 * removed later never blocks an unrelated edit of the rule. Tables carry their service's path as name.
 */
export const checkDiscountRefs = async (trx: Knex.Transaction, after: Row, before: Row | undefined) => {
  const old = new Set(refsOf(before).map(({ ref, id }) => `${ref} ${id}`))
  const added = refsOf(after).filter(({ ref, id }) => !old.has(`${ref} ${id}`))
  const byTable = new Map<string, Ref[]>()
  for (const ref of added) byTable.set(ref.ref, [...(byTable.get(ref.ref) ?? []), ref])
  const shop = String(after.shop)
  for (const [table, refs] of byTable) {
    if (table === 'products') continue
    const rows = (await trx(table)
      .select('_id')
      .where('shop', shop)
      .whereIn('_id', [...new Set(refs.map((ref) => ref.id))])) as { _id: string }[]
    const found = new Set(rows.map((row) => row._id))
    const missing = refs.find((ref) => !found.has(ref.id))
    if (missing) throw notOfShop(missing.field)
  }
  // Products, and each free item's SKU: a changed free item is looked up again as a whole.
  const oldItems = new Set(((before?.freeItems as Row[] | undefined) ?? []).map((item) => JSON.stringify(item)))
  const items = ((after.freeItems as Row[] | undefined) ?? [])
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => !oldItems.has(JSON.stringify(item)))
  const products = added.filter((ref) => ref.ref === 'products')
  const ids = [...products.map((ref) => ref.id), ...items.map(({ item }) => String(item.product))]
  if (!ids.length) return
  const skus = await ownProducts(trx, shop, ids)
  const missing = products.find((ref) => !skus.has(ref.id))
  if (missing) throw notOfShop(missing.field)
  for (const { item, i } of items) {
    const own = skus.get(String(item.product))
    if (!own) throw notOfShop(`freeItems.${i}.product`)
    if (typeof item.sku === 'string' && item.sku !== '' && !own.has(item.sku)) throw notOfShop(`freeItems.${i}.sku`)
  }
}
