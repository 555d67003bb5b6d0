import type { Knex } from 'knex'

type Row = Record<string, unknown>

/** The shop's own products among `ids`, each with its SKU ids: bundles and related lists name only those. */
export const ownProducts = async (
  db: Knex | Knex.Transaction,
  shop: string,
  ids: string[]
): Promise<Map<string, Set<string>>> => {
  if (!ids.length) return new Map()
  const rows = (await db('products')
    .select('_id', 'skus')
    .where('shop', shop)
    .whereIn('_id', [...new Set(ids)])) as Row[]
  return new Map(
    rows.map((row) => [
      String(row._id),
      new Set((Array.isArray(row.skus) ? (row.skus as Row[]) : []).map((sku) => String(sku.id)))
    ])
  )
}
