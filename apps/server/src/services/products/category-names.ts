import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'

type Row = Record<string, unknown>

const FIELD = 'normalizedCategories'

const texts = (name: unknown): string[] =>
  typeof name === 'string'
    ? [name]
    : name && typeof name === 'object'
      ? Object.values(name).filter((v): v is string => typeof v === 'string')
      : []

/**
 * The page model's data source asks for products by category *names* (`normalizedCategories: {$in:
 * [names]}`, spec §3.15, decision 0106); products keep category ids. The names become the ids of the
 * shop's categories whose name, in any language, is one of them (both sides trimmed), matched against
 * a product's `categories`, which always holds its main `category` too (decision 0151). An unknown name
 * matches nothing. Answers the query unchanged when it does not ask.
 */
export const withCategoryIds = async (knex: Knex, query: Row | undefined, shop: string | undefined): Promise<Row | undefined> => {
  if (!query || !Object.hasOwn(query, FIELD)) return query
  const { [FIELD]: asked, ...rest } = query
  const list = asked && typeof asked === 'object' && !Array.isArray(asked) ? (asked as Row).$in : undefined
  if (!Array.isArray(list) || !list.every((name) => typeof name === 'string') || list.length > 100)
    throw new BadRequest(`"${FIELD}" takes {$in: [category names]}`, { key: 'format.invalid', field: FIELD })
  const owner = shop ?? (typeof query.shop === 'string' ? query.shop : undefined)
  if (!owner) throw new BadRequest(`"${FIELD}" needs the shop`, { key: 'format.required', field: 'shop' })
  const names = new Set(list.map((name) => name.trim()).filter(Boolean))
  const rows = names.size ? ((await knex('categories').where({ shop: owner }).select('_id', 'name')) as Row[]) : []
  const ids = rows.filter((row) => texts(row.name).some((text) => names.has(text.trim()))).map((row) => String(row._id))
  return { ...rest, $and: [...((rest.$and as Row[] | undefined) ?? []), { categories: { $in: ids } }] }
}
