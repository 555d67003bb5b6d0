import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'

/**
 * The warehouse every new shop starts with (docs/decisions/0070), named in each interface language:
 * stock has somewhere to go from the first restock, and each reader sees the name in their language.
 */
export const DEFAULT_WAREHOUSE_NAME = { en: 'Main warehouse', cht: '總倉', chs: '总仓' } as const

/** Writes it inside the transaction that creates the shop: a shop never exists without it. */
export const createDefaultWarehouse = async (trx: Knex.Transaction, shop: string) => {
  const _id = newObjectId()
  await trx('warehouses').insert({ _id, shop, name: JSON.stringify(DEFAULT_WAREHOUSE_NAME) })
  return _id
}
