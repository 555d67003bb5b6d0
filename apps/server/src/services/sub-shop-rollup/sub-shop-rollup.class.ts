import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  addSubShopFigures,
  emptySubShopSales,
  emptySubShopStock,
  isObjectId,
  summaryQueryProblem,
  type SubShopRollup,
  type SubShopRollupRow,
  type SubShopStockPage
} from '@emporia/shared'
import { shopTransaction } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'
import { salesOf, stockOf, stockRowsOf } from './rollup-sql'

/** A parent lists at most this many sub-shops in one roll-up (each is read in a transaction of its own). */
export const MAX_SUB_SHOPS = 200
const DEFAULT_LIMIT = 25
const MAX_LIMIT = 100

interface Entry {
  _id: string
  name: string | null
  email: string
  accepted: boolean
  user: string | null
  subShop: string | null
}

type Query = Record<string, unknown>

const queryOf = (params: RecordParams, fields: readonly string[]) => {
  const { shop, ...query } = (params.query ?? {}) as Query
  const unknown = Object.keys(query).find((field) => !fields.includes(field))
  if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
  if (typeof shop !== 'string') throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  return { parent: shop, query }
}

const wholeNumber = (value: unknown, field: string, fallback: number, max: number) => {
  if (value === undefined) return fallback
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max)
    throw new BadRequest(`"${field}" is invalid`, { key: 'format.invalid', field })
  return n
}

/**
 * The sub-shops of a parent and the shops they link (decision 0087). Each step runs behind the wall of
 * the shop it reads: the parent's entries behind the parent's, and a linked shop only after, behind
 * that shop's own wall, its consent is seen to hold — the account that linked it still administers it.
 * A parent can therefore name no shop: it reaches only shops its own entries link, while they do.
 */
export class SubShopLinks {
  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  entries(parent: string, only?: string): Promise<Entry[]> {
    return shopTransaction(this.knex, this.rowSecurity, parent, async (trx) => {
      const query = trx('shopMembers')
        .where({ shop: parent, role: 'subshop' })
        .select('_id', 'name', 'email', 'accepted', 'user', 'subShop')
        .orderBy([{ column: 'createdAt' }, { column: '_id' }])
        .limit(MAX_SUB_SHOPS)
      if (only) query.andWhere({ _id: only })
      return (await query) as Entry[]
    })
  }

  /** Runs `read` behind the linked shop's wall when the link holds; undefined when it does not. */
  async within<T>(entry: Entry, read: (trx: Knex.Transaction, shop: string, shopName: unknown) => Promise<T>) {
    const shop = entry.subShop
    if (!shop || !entry.accepted || !entry.user) return undefined
    return shopTransaction(this.knex, this.rowSecurity, shop, async (trx) => {
      const admin = await trx('shopMembers').where({ shop, user: entry.user, role: 'admin', accepted: true }).first('_id')
      if (!admin) return undefined
      const found = (await trx('shops').where({ _id: shop }).first('name')) as { name: unknown } | undefined
      return found ? { value: await read(trx, shop, found.name) } : undefined
    })
  }
}

/** `subShops/summary find {from, to}`: each sub-shop with its paid sales over the range and its stock now. */
export class SubShopSummaryService {
  constructor(private readonly links: SubShopLinks) {}

  async find(params: RecordParams = {}): Promise<SubShopRollup> {
    const { parent, query } = queryOf(params, ['from', 'to'])
    const problem = summaryQueryProblem({ groupBy: 'year', from: query.from, to: query.to })
    if (problem) throw new BadRequest(`"${problem.field}" is invalid`, problem)
    const [from, to] = [query.from as string, query.to as string]
    const totals = { sales: emptySubShopSales(), stock: emptySubShopStock() }
    const data: SubShopRollupRow[] = []
    // One after the other: a roll-up holds one pooled connection at a time, however many sub-shops there are.
    for (const entry of await this.links.entries(parent)) {
      const read = await this.links.within(entry, async (trx, shop, shopName) => ({
        shopName,
        sales: await salesOf(trx, shop, from, to),
        stock: await stockOf(trx, shop)
      }))
      const row: SubShopRollupRow = {
        _id: entry._id,
        name: entry.name ?? '',
        email: entry.email,
        accepted: entry.accepted,
        subShop: read ? entry.subShop : null,
        ...(read?.value ?? {})
      }
      addSubShopFigures(totals, row)
      data.push(row)
    }
    return { shop: parent, from, to, data, totals }
  }
}

/**
 * `subShops/stocks find {subShop, $skip?, $limit?}`: one sub-shop's stock rows, read-only, paged. An id
 * that is not one of the parent's entries is 404 whatever it names.
 */
export class SubShopStockService {
  constructor(private readonly links: SubShopLinks) {}

  async find(params: RecordParams = {}): Promise<SubShopStockPage> {
    const { parent, query } = queryOf(params, ['subShop', '$skip', '$limit'])
    if (!isObjectId(query.subShop)) throw new BadRequest('"subShop" is invalid', { key: 'format.invalid', field: 'subShop' })
    const limit = wholeNumber(query.$limit, '$limit', DEFAULT_LIMIT, MAX_LIMIT)
    const skip = wholeNumber(query.$skip, '$skip', 0, Number.MAX_SAFE_INTEGER)
    const [entry] = await this.links.entries(parent, query.subShop)
    if (!entry) throw new NotFound('No such sub-shop', { key: 'subShops.notFound', field: 'subShop' })
    const read = await this.links.within(entry, (trx, shop) => stockRowsOf(trx, shop, { skip, limit }))
    // The parent's own entry without a link (or whose link no longer holds) has nothing to show.
    if (!read) return { shop: parent, subShop: null, total: 0, limit, skip, data: [] }
    return { shop: parent, subShop: entry.subShop, total: read.value.total, limit, skip, data: read.value.data }
  }
}
