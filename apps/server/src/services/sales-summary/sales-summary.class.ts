import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { summaryHours, summaryQueryProblem, summaryRanges, type SalesSummary, type SalesSummaryRow } from '@emporia/shared'
import { enterWall } from '../../tenancy'
import { shopZoneSql, zoneOr } from '../../sales/rollup'
import type { RecordParams } from '../../records/record-service'
import { bucketSql, summaryFields, type SummaryRequest } from './sales-summary.schema'

interface SumRow {
  key: string | number
  dim?: string
  amount: number
  orders: number
  quantity: number
}

const request = (params: RecordParams): SummaryRequest => {
  const { shop, ...query } = (params.query ?? {}) as Record<string, unknown>
  const unknown = Object.keys(query).find((field) => !(summaryFields as readonly string[]).includes(field))
  if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
  if (typeof shop !== 'string') throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  const problem = summaryQueryProblem(query)
  if (problem) throw new BadRequest(`"${problem.field}" is invalid`, problem)
  return { shop, ...(query as Omit<SummaryRequest, 'shop' | 'by'>), by: (query.by as SummaryRequest['by']) ?? 'total' }
}

/**
 * `sales/summary find {shop, groupBy, from, to, by?}` (spec §2.14 charts; decision 0082): the rollup's
 * rows between the two moments, read in the shop's zone — whole days as day rows, other hours as hour
 * rows (summaryRanges) — folded into the grouping's buckets by SQL.
 * The hour `from` falls in is counted, and the hour just before `to` (summaryHours); dates are local
 * midnights, so a range of dates reads exactly those days.
 */
export class SalesSummaryService {
  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  async find(params: RecordParams = {}): Promise<SalesSummary> {
    const query = request(params)
    const run = (trx: Knex.Transaction) => this.read(trx, query)
    return this.rowSecurity ? enterWall(this.knex, query.shop, run) : this.knex.transaction(run)
  }

  private async read(trx: Knex.Transaction, query: SummaryRequest): Promise<SalesSummary> {
    const { shop, groupBy, by, from, to } = query
    const { rows: zoneRows } = (await trx.raw(`select ${shopZoneSql} as zone`, [shop])) as { rows: { zone: string | null }[] }
    const timeZone = zoneOr(zoneRows[0]?.zone)
    const { first, last } = summaryHours(from, to, timeZone)
    const ranges = summaryRanges(groupBy, first, last)
    const key = bucketSql[groupBy]
    const split = by !== 'total'
    const sums = (dim: string, grouped: boolean) => {
      const parts = ranges.map(
        () => `select at, key, amount, orders, quantity from "salesRollup"
                where shop = ? and grain = ? and dim = ? and at between ?::timestamp and ?::timestamp`
      )
      const bindings = ranges.flatMap((range) => [shop, range.grain, dim, range.first, range.last])
      const groups = split ? '1, 2' : '1'
      return trx.raw(
        `select ${grouped ? `${key} as key,${split ? ' key as dim,' : ''}` : ''}
                sum(amount) as amount, sum(orders)::bigint as orders, sum(quantity) as quantity
           from (${parts.join(' union all ')}) r
          ${grouped ? `group by ${groups} order by ${groups}` : ''}`,
        bindings
      ) as Promise<{ rows: SumRow[] }>
    }
    const found = (await sums(by, true)).rows
    // Split rows count an order under each of its methods or categories: the totals are the plain ones.
    const totalRows = split ? (await sums('total', false)).rows : found
    const rows: SalesSummaryRow[] = found.map((row) => ({
      key: row.key,
      ...(split ? { dim: row.dim } : {}),
      amount: Number(row.amount),
      orders: Number(row.orders),
      quantity: Number(row.quantity)
    }))
    const totals = { amount: 0, orders: 0, quantity: 0 }
    for (const row of totalRows) {
      totals.amount += Number(row.amount ?? 0)
      totals.orders += Number(row.orders ?? 0)
      totals.quantity = Math.round((totals.quantity + Number(row.quantity ?? 0)) * 1000) / 1000
    }
    const answer: SalesSummary = { shop, groupBy, by, timeZone, from, to, rows, totals }
    if (by === 'category') answer.names = await this.categoryNames(trx, rows)
    return answer
  }

  private async categoryNames(trx: Knex.Transaction, rows: SalesSummaryRow[]) {
    const ids = [...new Set(rows.map((row) => row.dim).filter((id): id is string => Boolean(id)))]
    if (!ids.length) return {}
    const found = (await trx('categories').select('_id', 'name').whereIn('_id', ids)) as {
      _id: string
      name: NonNullable<SalesSummary['names']>[string]
    }[]
    return Object.fromEntries(found.map((category) => [category._id, category.name]))
  }
}
