import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { OperatorShopQuery, OperatorShopRow, Page, SubscriptionState } from '@emporia/shared'

/*
 * The operator console's shop list (decision 0131): who the shop is, how it pays, and nothing it
 * made — no orders, customers, products or settings. Read past the row-security wall (the operator
 * belongs to no shop), so the columns below are the whole of what leaves.
 */

const STORED_STATES: readonly SubscriptionState[] = ['trial', 'active', 'grace', 'lapsed']
const Q_MAX = 200

export interface ShopListQuery {
  limit: number
  skip: number
  q?: string
  state?: SubscriptionState
}

const field = (name: string, message: string) => new BadRequest(message, { key: 'format.invalid', field: name })

const whole = (value: unknown, name: string, min: number, max: number, fallback: number) => {
  if (value === undefined) return fallback
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min)
    throw field(name, `"${name}" must be a whole number`)
  return Math.min(number, max)
}

/** The query as the list reads it: a page within the server's page sizes, a search text, a state. */
export const shopListQuery = (
  query: Record<string, unknown> | undefined,
  paginate: { default: number; max: number }
): ShopListQuery => {
  const { $limit, $skip, q, state, ...rest } = (query ?? {}) as OperatorShopQuery & Record<string, unknown>
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined)
    throw new BadRequest(`"${unknown}" is not a filter of this list`, { key: 'format.unknownField', field: unknown })
  if (q !== undefined && (typeof q !== 'string' || q.length > Q_MAX))
    throw field('q', `"q" must be text of at most ${Q_MAX} characters`)
  if (state !== undefined && !STORED_STATES.includes(state)) throw field('state', '"state" is not a subscription state')
  return {
    limit: whole($limit, '$limit', 0, paginate.max, paginate.default),
    skip: whole($skip, '$skip', 0, Number.MAX_SAFE_INTEGER, 0),
    q: q?.trim() || undefined,
    state
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** A shop's name as one text: its own string, or its English, Traditional or Simplified Chinese name. */
export const nameText = (name: unknown): string => {
  if (typeof name === 'string') return name
  const names = (name ?? {}) as { en?: string; cht?: string; chs?: string }
  return names.en || names.cht || names.chs || ''
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString()

type Row = {
  _id: string
  name: unknown
  subdomain: string
  owner: string | null
  plan: string
  state: SubscriptionState
  trialEnd: string | Date
  end: string | Date | null
  paidAmount: string | number | null
  paidAt: string | Date | null
  revenue: string | number
  createdAt: string | Date
}

const toRow = (row: Row): OperatorShopRow => ({
  _id: row._id,
  name: nameText(row.name),
  subdomain: row.subdomain,
  owner: row.owner,
  plan: row.plan,
  state: row.state,
  trialEnd: iso(row.trialEnd)!,
  contractEnd: iso(row.end),
  lastPayment: row.paidAt === null ? null : { amount: Number(row.paidAmount), paidAt: iso(row.paidAt)! },
  monthlyRevenue: Number(row.revenue),
  createdAt: iso(row.createdAt)!
})

/**
 * The shops, newest first, with their subscription. `owner` is the first admin's e-mail (to contact the
 * merchant); `lastPayment` the last paid charge; `monthlyRevenue` the plan's monthly price while a paid
 * period is running — a granted contract (no charge covers it) and a trial earn nothing.
 */
export const listOperatorShops = async (knex: Knex, query: ShopListQuery): Promise<Page<OperatorShopRow>> => {
  const owner = knex('shopMembers as m')
    .select('m.email')
    .whereRaw('m.shop = s._id')
    .where({ 'm.role': 'admin', 'm.accepted': true })
    .orderBy([{ column: 'm.createdAt' }, { column: 'm._id' }])
    .limit(1)
  const base = knex('shops as s')
    .join('shopSubscriptions as sub', 'sub.shop', 's._id')
    .modify((builder) => {
      if (query.state) builder.where('sub.state', query.state)
      if (query.q) {
        const like = `%${escapeLike(query.q.toLowerCase())}%`
        builder.where((any) =>
          any
            .whereRaw('lower(s.name::text) like ?', [like])
            .orWhereRaw('lower(s.subdomain) like ?', [like])
            .orWhereExists(
              knex('shopMembers as o')
                .whereRaw('o.shop = s._id')
                .where({ 'o.role': 'admin' })
                .whereRaw('lower(o.email) like ?', [like])
            )
        )
      }
    })
  const [counted] = (await base.clone().count({ total: '*' })) as { total: string | number }[]
  const rows = query.limit
    ? ((await base
        .clone()
        .leftJoin('plans as p', 'p.code', 'sub.plan')
        .joinRaw(
          `left join lateral (select c.amount, c."paidAt" from "billingCharges" c
             where c.shop = s._id and c.status = 'paid' order by c."paidAt" desc, c._id desc limit 1) paid on true`
        )
        .select(
          's._id',
          's.name',
          's.subdomain',
          owner.as('owner'),
          'sub.plan',
          'sub.state',
          'sub.trialEnd',
          'sub.end',
          'paid.amount as paidAmount',
          'paid.paidAt',
          's.createdAt',
          knex.raw(
            `case when sub.state = 'active' and exists (select 1 from "billingCharges" c
               where c.shop = s._id and c.status = 'paid' and c."periodEnd" >= sub."end")
             then coalesce(p."priceMonthly", 0) else 0 end as revenue`
          )
        )
        .orderBy([
          { column: 's.createdAt', order: 'desc' },
          { column: 's._id', order: 'desc' }
        ])
        .limit(query.limit)
        .offset(query.skip)) as Row[])
    : []
  return { total: Number(counted?.total ?? 0), limit: query.limit, skip: query.skip, data: rows.map(toRow) }
}
