import { BadRequest } from '@feathersjs/errors'
import { escapeRegex } from '@emporia/shared'

type Row = Record<string, unknown>

const MAX_SEARCH_LENGTH = 100
const MAX_SEARCH_TERMS = 8

const texts = (value: unknown): string[] => {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).filter((v): v is string => typeof v === 'string')
  return []
}

/**
 * How keywords and search words are folded alike: NFKC (full-width `ＵＳＢ１` is `usb1`, a ligature its
 * letters), then lower case. The migration 20261127010000 does the same in SQL for older keywords.
 */
export const foldText = (text: string) => text.normalize('NFKC').toLowerCase()

/**
 * Chinese, Japanese and Korean letters (the same ranges as `CJK_CLASS` in the migration
 * 20261127010000-product-keywords, which adds these tokens to older keywords in SQL).
 */
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/g
const CJK_WORD = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]{1,2}$/

/**
 * Every one and two letters of each CJK run, each between spaces (` 鄉 村 茶 壺 鄉村 村茶 茶壺 `).
 * A one- or two-letter Chinese word has no trigram of its own inside a run, so `LIKE '%茶壺%'` cannot
 * use the trigram index and a rare word read every product of the shop (~100 ms per 100,000);
 * `LIKE '% 茶壺 %'` has the padded trigrams of the token and is served by it. The tokens never add a
 * match for a word without spaces: one lies inside a single token, which is text of the run itself.
 */
const cjkTokens = (text: string): string => {
  const tokens: string[] = []
  for (const [run] of text.matchAll(CJK_RUN)) {
    const letters = [...run]
    for (const size of [1, 2]) for (let i = 0; i + size <= letters.length; i++) tokens.push(letters.slice(i, i + size).join(''))
  }
  return tokens.length ? ` ${tokens.join(' ')} ` : ''
}

/** The search text of a product: names in every language, posCode, SKU names and codes, folded, and CJK tokens. */
export const productKeywords = (product: Row): string => {
  const skus = Array.isArray(product.skus) ? (product.skus as Row[]) : []
  const parts = [
    ...texts(product.name),
    ...(typeof product.posCode === 'string' ? [product.posCode] : []),
    ...skus.flatMap((sku) => [...texts(sku.name), ...(typeof sku.code === 'string' ? [sku.code] : [])])
  ]
  const text = parts
    .map((part) => foldText(part).trim())
    .filter(Boolean)
    .join(' ')
  return text + cjkTokens(text)
}

/**
 * `$search: 'green tea'` → every word must occur in `keywords`. Each word is an escaped, case-sensitive
 * `$regex` (both sides are folded here), which the query compiler turns into `keywords LIKE '%word%'`
 * with `%`, `_` and `\` escaped: plain text, three times cheaper per row than a regular expression
 * and served by the trigram index when the word has a trigram (docs/decisions/0103).
 */
export const searchConditions = (search: unknown): Row[] => {
  if (search === undefined || search === null || search === '') return []
  if (typeof search !== 'string') throw new BadRequest('$search must be text', { key: 'format.invalid', field: '$search' })
  if (search.length > MAX_SEARCH_LENGTH)
    throw new BadRequest(`$search is longer than ${MAX_SEARCH_LENGTH} characters`, {
      key: 'format.tooLong',
      field: '$search',
      values: { length: MAX_SEARCH_LENGTH }
    })
  const words = [...new Set(foldText(search).split(/\s+/).filter(Boolean))]
  if (words.length > MAX_SEARCH_TERMS)
    throw new BadRequest(`$search takes at most ${MAX_SEARCH_TERMS} words`, { key: 'format.invalid', field: '$search' })
  // A one- or two-letter CJK word is matched as its token (see cjkTokens): the same products.
  return words.map((word) => ({ keywords: { $regex: escapeRegex(CJK_WORD.test(word) ? ` ${word} ` : word) } }))
}

/**
 * `keywords` named by a client's query (a condition, inside `$or`/`$and`, or a sort): refused as an
 * unknown field, as the record service refuses it (docs/decisions/0068). The two-step search runs its
 * first step before the record service sees the query, so it asks here first.
 */
export const refuseKeywords = (query: Row, depth = 0): void => {
  if (depth > 10) return
  const refuse = (key: string) => {
    if (key.split('.')[0] === 'keywords')
      throw new BadRequest(`Unknown field "${key}"`, { key: 'format.unknownField', field: key })
  }
  for (const [key, value] of Object.entries(query)) {
    if (key === '$or' || key === '$and') {
      const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []
      for (const sub of list) if (sub && typeof sub === 'object') refuseKeywords(sub as Row, depth + 1)
    } else if (key === '$sort') {
      if (value && typeof value === 'object') Object.keys(value).forEach(refuse)
    } else if (!key.startsWith('$')) refuse(key)
  }
}

/** What of the derived stock a read returns: all of it, unless `$select` leaves it out. */
export interface StockSelection {
  inventories: boolean
  skus: boolean
}

/**
 * Turns a products query into one the record service understands: `$search` becomes keyword conditions and
 * `inventories` (derived, not a column) leaves `$select`, remembered in the answer.
 */
export const productQuery = (query: Row = {}): { query: Row; stock: StockSelection } => {
  const { $search, ...rest } = query
  const conditions = searchConditions($search)
  if (conditions.length) rest.$and = [...((rest.$and as Row[] | undefined) ?? []), ...conditions]
  if (rest.$select === undefined) return { query: rest, stock: { inventories: true, skus: true } }
  const list = typeof rest.$select === 'string' ? rest.$select.split(',') : rest.$select
  if (!Array.isArray(list)) return { query: rest, stock: { inventories: false, skus: false } }
  const fields = list.map(String)
  rest.$select = fields.filter((field) => field !== 'inventories')
  return { query: rest, stock: { inventories: fields.includes('inventories'), skus: fields.includes('skus') } }
}
