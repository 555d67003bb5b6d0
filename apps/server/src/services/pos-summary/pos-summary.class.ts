import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  posSummaryFields,
  posSummaryQueryProblem,
  type CashSummaryType,
  type PosSummary,
  type PosSummaryOrderRow,
  type SummaryGroupBy
} from '@emporia/shared'
import { enterWall } from '../../platform/tenancy'
import { shopZoneSql, zoneOr } from '../../domains/sales/rollup'
import type { RecordParams } from '../../platform/records/record-service'
import { bounds, cashChecks, orderBuckets, paymentBuckets, productLines, type Period } from './pos-summary-sql'

interface SummaryRequest {
  shop: string
  groupBy: SummaryGroupBy
  from: string
  to: string
  cashier: string | null
}

/** The cash section's names for the cashbox log's types (spec §2.13 and §9.8 cashCheckType). */
const CASH_TYPES: Record<string, CashSummaryType> = {
  in: 'deposit',
  out: 'cashOut',
  beginCheck: 'startCheck',
  middleCheck: 'middleCheck',
  endCheck: 'lastCheck'
}
const CASH_ORDER: CashSummaryType[] = ['deposit', 'cashOut', 'startCheck', 'middleCheck', 'lastCheck']

const num = (value: unknown) => Number(value ?? 0)
/** Quantities in thousandths as integers, so sums of weights stay exact. */
const milli = (value: unknown) => Math.round(Number(value ?? 0) * 1000)
const NUMERIC_KEYS = new Set<SummaryGroupBy>(['year', 'month', 'date', 'hour', 'day'])

const request = (params: RecordParams): SummaryRequest => {
  const { shop, ...query } = (params.query ?? {}) as Record<string, unknown>
  const unknown = Object.keys(query).find((field) => !(posSummaryFields as readonly string[]).includes(field))
  if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
  if (typeof shop !== 'string') throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  const problem = posSummaryQueryProblem(query)
  if (problem) throw new BadRequest(`"${problem.field}" is invalid`, problem)
  const cashier = typeof query.cashier === 'string' && query.cashier ? query.cashier : null
  return { shop, groupBy: query.groupBy as SummaryGroupBy, from: String(query.from), to: String(query.to), cashier }
}

const categoriesOf = (row: { categories: string[] | string | null; category: string | null }) => {
  const list = typeof row.categories === 'string' ? (JSON.parse(row.categories) as string[]) : (row.categories ?? [])
  const all = [...new Set([...list, ...(row.category ? [row.category.trim()] : [])])]
  return all.length ? all : ['']
}

/**
 * `pos/summary find {shop, groupBy, from, to, cashier?}` — the till's summary ("Z") report (spec §2.13,
 * decision 0096). Reads the period's POS orders, their payments and refunds and the cashbox log
 * directly (not the sales rollup, which knows neither the source nor the cashier): four statements in
 * one walled transaction, each bounded by the period through the (shop, source, date), (shop, date)
 * and (shop, cashier, date) indexes.
 */
export class PosSummaryService {
  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  async find(params: RecordParams = {}): Promise<PosSummary> {
    const query = request(params)
    const run = (trx: Knex.Transaction) => this.read(trx, query)
    return this.rowSecurity ? enterWall(this.knex, query.shop, run) : this.knex.transaction(run)
  }

  private async read(trx: Knex.Transaction, query: SummaryRequest): Promise<PosSummary> {
    const { shop, groupBy, from, to, cashier } = query
    const { rows: zoneRows } = (await trx.raw(`select ${shopZoneSql} as zone`, [shop])) as { rows: { zone: string | null }[] }
    const zone = zoneOr(zoneRows[0]?.zone)
    const { lo, hi } = await bounds(trx, zone, from, to)
    if (lo >= hi) throw new BadRequest('"to" is invalid', { key: 'pos.summary.rangeOrder', field: 'to' })
    const period: Period = { shop, zone, lo, hi, cashier }
    const orders = await orderBuckets(trx, groupBy, period)
    const payments = await paymentBuckets(trx, groupBy, period)
    const lines = await productLines(trx, period)
    const checks = await cashChecks(trx, period)

    const rows = new Map<string, PosSummaryOrderRow>()
    const rowOf = (key: string) => {
      let row = rows.get(key)
      if (!row) rows.set(key, (row = { key, orders: 0, subtotal: 0, discount: 0, total: 0, refunded: 0 }))
      return row
    }
    const basic = {
      orders: 0,
      items: 0,
      subtotal: 0,
      discount: 0,
      rounding: 0,
      total: 0,
      refunded: 0,
      net: 0,
      average: 0,
      voided: 0
    }
    for (const found of orders) {
      const row = rowOf(String(found.key))
      row.orders += num(found.orders)
      row.subtotal += num(found.subtotal)
      row.discount += num(found.discount)
      row.total += num(found.total)
      basic.orders += num(found.orders)
      basic.subtotal += num(found.subtotal)
      basic.discount += num(found.discount)
      basic.rounding += num(found.rounding)
      basic.total += num(found.total)
      basic.voided += num(found.voided)
    }
    const methods = new Map<string, PosSummary['payment'][number]>()
    for (const found of payments) {
      const refunded = num(found.refunded)
      if (refunded) rowOf(String(found.key)).refunded += refunded
      basic.refunded += refunded
      const method = methods.get(found.method) ?? { method: found.method, count: 0, amount: 0, refunded: 0 }
      method.count += num(found.count)
      method.amount += num(found.amount)
      method.refunded += refunded
      methods.set(found.method, method)
    }
    // A bucket with only voided orders has nothing to show.
    for (const [key, row] of rows) if (!row.orders && !row.refunded) rows.delete(key)
    basic.net = basic.total - basic.refunded
    basic.average = basic.orders ? Math.round(basic.total / basic.orders) : 0

    const categories = new Map<string, { quantity: number; amount: number }>()
    let items = 0
    for (const line of lines) {
      items += milli(line.quantity)
      for (const category of categoriesOf(line)) {
        const sums = categories.get(category) ?? { quantity: 0, amount: 0 }
        sums.quantity += milli(line.quantity)
        sums.amount += num(line.amount)
        categories.set(category, sums)
      }
    }
    basic.items = items / 1000
    const names = await this.categoryNames(trx, shop, [...categories.keys()].filter(Boolean))

    const cash = new Map<CashSummaryType, PosSummary['cash'][number]>()
    for (const check of checks) {
      const type = CASH_TYPES[check.type]
      if (!type) continue
      const section = cash.get(type) ?? { type, count: 0, amount: 0, details: [] }
      section.count += 1
      section.amount += num(check.amount)
      section.details.push({
        date: new Date(check.date).toISOString(),
        amount: num(check.amount),
        diff: check.diff === null || check.diff === undefined ? null : num(check.diff)
      })
      cash.set(type, section)
    }

    const numeric = NUMERIC_KEYS.has(groupBy)
    const order = [...rows.values()].sort((a, b) =>
      numeric ? Number(a.key) - Number(b.key) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    )
    return {
      shop,
      cashier,
      from,
      to,
      groupBy,
      timeZone: zone,
      order,
      cash: CASH_ORDER.filter((type) => cash.has(type)).map((type) => cash.get(type)!),
      payment: [...methods.values()].sort((a, b) => b.amount - a.amount || (a.method < b.method ? -1 : 1)),
      category: [...categories]
        .map(([category, sums]) => ({
          category,
          ...(names.has(category) ? { name: names.get(category) } : {}),
          quantity: sums.quantity / 1000,
          amount: sums.amount
        }))
        .sort((a, b) => b.amount - a.amount || (a.category < b.category ? -1 : 1)),
      basic
    }
  }

  private async categoryNames(trx: Knex.Transaction, shop: string, ids: string[]) {
    if (!ids.length) return new Map<string, unknown>()
    const found = (await trx('categories').where({ shop }).whereIn('_id', ids).select('_id', 'name')) as {
      _id: string
      name: unknown
    }[]
    return new Map(found.map((row) => [row._id, row.name]))
  }
}
