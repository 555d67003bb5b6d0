import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { ageingBuckets, subsequentOrderTypes, type AgeingAmounts, type AgeingReport, type AgeingRow } from '@emporia/shared'
import { shopZoneSql, zoneOr } from '../sales/rollup'
import { shopTransaction } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'
import { kindOf } from './kinds'

const FIELDS = new Set(['type', 'asOf'])
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** `{type, asOf?}` of a find, checked: unknown fields and impossible dates are refused on their field. */
const requestOf = (params: RecordParams) => {
  const { shop: _shop, ...query } = (params.query ?? {}) as Record<string, unknown>
  for (const key of Object.keys(query))
    if (!FIELDS.has(key)) throw new BadRequest(`"${key}" is not a known field`, { key: 'format.unknownField', field: key })
  const type = query.type
  if (!(subsequentOrderTypes as readonly unknown[]).includes(type))
    throw new BadRequest('"type" must be sell or buy', { key: 'format.choice', field: 'type' })
  const asOf = query.asOf
  if (
    asOf !== undefined &&
    (typeof asOf !== 'string' || !DAY_PATTERN.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)))
  )
    throw new BadRequest('"asOf" must be a date (YYYY-MM-DD)', { key: 'format.invalid', field: 'asOf' })
  return { type: type as 'sell' | 'buy', asOf: asOf as string | undefined }
}

/**
 * Whole days past due, bucketed as the shared `ageingBucketOf` does: the due date's day in the
 * shop's zone against `asOf` (today in that zone unless given); below 0 not yet due, then 0–30,
 * 31–60, 61–90, over 90. The day boundaries are worked out once, as the moments local midnights
 * fall (DST-safe), so each row is only compared, not converted: `days < 0` is "due on or after the
 * midnight that starts tomorrow", `days <= 30` is "due on or after the midnight 30 days ago", and so on.
 */
const BUCKET_SQL: Record<(typeof ageingBuckets)[number], string> = {
  notDue: '"dueDate" >= b.d0',
  days0to30: '"dueDate" >= b.d30 and "dueDate" < b.d0',
  days31to60: '"dueDate" >= b.d60 and "dueDate" < b.d30',
  days61to90: '"dueDate" >= b.d90 and "dueDate" < b.d60',
  days90plus: '"dueDate" < b.d90'
}

const emptyAmounts = (): AgeingAmounts => ({ notDue: 0, days0to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 })

/**
 * `subsequentPayments/ageing find {type, asOf?}` (decision 0085): what each company still owes
 * (sell: receivables, from bulk orders) or is owed (buy: payables, from purchasing orders), by how
 * long it has been due. One aggregate statement over the shop's open orders (the partial index of
 * `shortage > 0`), grouped by company with a CASE per bucket; only the per-company rows come back.
 */
export class SubsequentAgeingService {
  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  async find(params: RecordParams = {}): Promise<AgeingReport> {
    const shop = params.shop
    if (!shop) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
    const { type, asOf } = requestOf(params)
    const table = kindOf(type).table
    return shopTransaction(this.knex, this.rowSecurity, shop, async (trx) => {
      const { rows: zoneRows } = (await trx.raw(`select ${shopZoneSql} as zone`, [shop])) as { rows: { zone: string | null }[] }
      const zone = zoneOr(zoneRows[0]?.zone)
      const buckets = ageingBuckets
        .map((bucket) => `sum(case when ${BUCKET_SQL[bucket]} then o.shortage else 0 end)::bigint as "${bucket}"`)
        .join(',\n')
      // The open orders' covering index (shop, user) include (dueDate, shortage) where shortage > 0
      // answers this from the index alone, already grouped by company. PostgreSQL's default page
      // cost models spinning disks and prefers a scan of the whole table; this transaction is told
      // what the SSD costs instead.
      await trx.raw('set local random_page_cost = 1.1')
      // Per company first, names joined after; the boundaries are worked out once (materialized),
      // not per row.
      const { rows } = (await trx.raw(
        `with p as materialized (select coalesce(?::date, (now() at time zone ?)::date) as today),
         b as materialized (select ((today + 1)::timestamp at time zone ?) as d0, ((today - 30)::timestamp at time zone ?) as d30,
                      ((today - 60)::timestamp at time zone ?) as d60, ((today - 90)::timestamp at time zone ?) as d90 from p),
         a as (
           select o."user", count(*)::int as orders, min(o."dueDate") as "earliestDueDate", sum(o.shortage)::bigint as total,
                  ${buckets}
             from ?? o cross join b where o.shop = ? and o.shortage > 0
            group by o."user")
         select a.*, c.name, (select to_char(today, 'YYYY-MM-DD') from p) as "asOf"
           from a left join "companyUsers" c on c._id = a."user" and c.shop = ?
          order by c.name, a."user"`,
        [asOf ?? null, zone, zone, zone, zone, zone, table, shop, shop]
      )) as { rows: (AgeingRow & { asOf: string })[] }
      const totals = emptyAmounts()
      const answer: AgeingRow[] = rows.map(({ asOf: _day, ...row }) => {
        const out: AgeingRow = {
          user: row.user,
          name: row.name ?? '',
          orders: Number(row.orders),
          earliestDueDate: row.earliestDueDate ?? null,
          total: Number(row.total),
          notDue: 0,
          days0to30: 0,
          days31to60: 0,
          days61to90: 0,
          days90plus: 0
        }
        for (const bucket of ageingBuckets) out[bucket] = Number(row[bucket])
        for (const key of [...ageingBuckets, 'total'] as const) totals[key] += out[key]
        return out
      })
      const day =
        rows[0]?.asOf ??
        asOf ??
        ((await trx.raw(`select to_char((now() at time zone ?)::date, 'YYYY-MM-DD') as d`, [zone])) as { rows: { d: string }[] })
          .rows[0].d
      return { shop, type, asOf: day, rows: answer, totals }
    })
  }
}
