import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  summaryHours,
  summaryQueryProblem,
  type SalesSummary,
  type SalesSummaryRow,
  type SummaryDim,
  type SummaryGroupBy
} from '@emporia/shared'
import { enterWall } from '../../platform/tenancy'
import { shopZoneSql, zoneOr } from '../../domains/sales/rollup'
import type { RecordParams } from '../../platform/records/record-service'
import { summaryFields, type SummaryRequest } from './sales-summary.schema'
import { dayBucketSql, daySums, hourSums, nonEmpty, spanBindings, spanOf, spanRows, sums, type Span } from './summary-sql'

interface SumRow {
  key: string | number
  dim?: string
  amount: number
  orders: number
  quantity: number
}

const thousandths = (n: number) => Math.round(n * 1000) / 1000

/** Every grouping but the dated hours: SQL folds the counted days or hours into the buckets. */
const grouped = async (trx: Knex.Transaction, shop: string, dim: SummaryDim, groupBy: SummaryGroupBy, span: Span) => {
  const split = dim !== 'total'
  const groups = split ? '1, 2' : '1'
  const [key, source] = groupBy === 'hour' ? ['h - 1', hourSums] : [dayBucketSql[groupBy as keyof typeof dayBucketSql], daySums]
  const { rows } = (await trx.raw(
    `with ${spanRows}
     select ${key} as key${split ? ', key as dim' : ''}, ${sums} from (${source}) t
      group by ${groups} ${nonEmpty} order by ${groups}`,
    spanBindings(span, shop, dim)
  )) as { rows: SumRow[] }
  return rows
}

const dayTotals = async (trx: Knex.Transaction, shop: string, span: Span) =>
  (
    (await trx.raw(`with ${spanRows} select ${sums} from (${daySums}) t`, spanBindings(span, shop, 'total'))) as {
      rows: SumRow[]
    }
  ).rows

const numbers = (array: string) => array.slice(1, -1).split(',').map(Number)
const HOURS = Array.from({ length: 24 }, (_, h) => ` ${String(h).padStart(2, '0')}:00`)

interface DayHours {
  key: string
  lo: number
  hi: number
  amount: number[]
  orders: number[]
  quantity: number[]
}

/**
 * yearMonthDateHour: up to 87,672 buckets for ten years, so the days' hour arrays are read as text
 * (one row a day and key) and unfolded here rather than made into a row per hour by SQL. Rows come
 * by day then key, so one day's slots are neighbours and the buckets come out in order.
 */
const hourRows = async (trx: Knex.Transaction, shop: string, dim: SummaryDim, span: Span): Promise<SumRow[]> => {
  const { rows } = (await trx.raw(
    `with ${spanRows}
     select to_char(day, 'YYYY-MM-DD') as day, key, lo, hi, "hourAmount"::text as a, "hourOrders"::text as o,
            "hourQuantity"::text as q
       from rows order by day, key collate "C"`,
    spanBindings(span, shop, dim)
  )) as { rows: { day: string; key: string; lo: number; hi: number; a: string; o: string; q: string }[] }
  const out: SumRow[] = []
  for (let i = 0; i < rows.length;) {
    const day = rows[i].day
    const keys: DayHours[] = []
    for (; i < rows.length && rows[i].day === day; i++) {
      const row = rows[i]
      const [amount, orders, quantity] = [numbers(row.a), numbers(row.o), numbers(row.q)]
      const same = keys.at(-1)
      if (same?.key !== row.key) keys.push({ key: row.key, lo: row.lo, hi: row.hi, amount, orders, quantity })
      else
        for (let h = 0; h < 24; h++) {
          same.amount[h] += amount[h]
          same.orders[h] += orders[h]
          same.quantity[h] = thousandths(same.quantity[h] + quantity[h])
        }
    }
    const { lo, hi } = keys[0]
    for (let h = lo - 1; h < hi; h++)
      for (const hours of keys) {
        if (!hours.amount[h] && !hours.orders[h] && !hours.quantity[h]) continue
        out.push({
          key: day + HOURS[h],
          dim: hours.key,
          amount: hours.amount[h],
          orders: hours.orders[h],
          quantity: hours.quantity[h]
        })
      }
  }
  return out
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
 * days between the two moments, read in the shop's zone — whole days by their sums, the first and last
 * by their counted hours — folded into the grouping's buckets.
 * The hour `from` falls in is counted, and the hour just before `to` (summaryHours); dates are local
 * midnights, so a range of dates reads exactly those days.
 */
export class SalesSummaryService {
  /** The export writes its rows as a sheet (decision 0022, export.class.ts): the chart's Export button. */
  readonly exportRows = true

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
    const span = spanOf(first, last)
    const found =
      groupBy === 'yearMonthDateHour' ? await hourRows(trx, shop, by, span) : await grouped(trx, shop, by, groupBy, span)
    const rows: SalesSummaryRow[] = found.map((row) => ({
      key: row.key,
      ...(by === 'total' ? {} : { dim: row.dim }),
      amount: Number(row.amount),
      orders: Number(row.orders),
      quantity: Number(row.quantity)
    }))
    // Split rows count an order under each of its methods or categories: the totals are the plain ones.
    const totals = { amount: 0, orders: 0, quantity: 0 }
    for (const row of by === 'total' ? rows : await dayTotals(trx, shop, span)) {
      totals.amount += Number(row.amount ?? 0)
      totals.orders += Number(row.orders ?? 0)
      totals.quantity = thousandths(totals.quantity + Number(row.quantity ?? 0))
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
