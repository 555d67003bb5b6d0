import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/** The longest referrer host, landing path and campaign value kept (longer ones are cut). */
export const VISIT_FIELD_MAX = 200

const kept = (description: string) => Type.String({ maxLength: VISIT_FIELD_MAX, readOnly: true, description })

/**
 * Storefront visits (spec §2.7 "referrals", decision 0194): one row per shop, day, referrer host,
 * landing path and campaign, with how many visits it counted. Nothing names a visitor: no address,
 * no cookie, no user agent. Written by the storefront only; the back office reads them.
 */
export const storeVisitSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** The shop's day (UTC) as `YYYY-MM-DD`. */
    day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', readOnly: true }),
    /** The referring site's host; '' for none (typed in, a bookmark, an app). */
    referrer: kept('referrer host'),
    landing: kept('landing path'),
    utmSource: kept('utm_source'),
    utmMedium: kept('utm_medium'),
    utmCampaign: kept('utm_campaign'),
    count: Type.Integer({ minimum: 0, readOnly: true }),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'StoreVisit', additionalProperties: false }
)
export type StoreVisit = Static<typeof storeVisitSchema>

/** Names of crawlers, link previewers and scripts: their requests are not visits. */
const BOT =
  /bot|crawl|spider|slurp|preview|fetch|monitor|headless|lighthouse|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|facebookexternalhit|whatsapp|telegram|embedly|quora|pinterest|bingpreview|yandex|baidu/i

/** A request that is no person's visit: no user agent, or a known bot's. */
export const isBotAgent = (agent: string | undefined) => !agent || agent.length < 10 || BOT.test(agent)

/** The longest range one visits report covers, in days. */
export const VISITS_MAX_DAYS = 366
/** How many referrers, landings and campaigns a report lists (the most visited). */
export const VISITS_TOP = 20

/** `storeVisits` find: a range of days (`YYYY-MM-DD`, both included; the last 30 days when left out). */
export interface StoreVisitsQuery {
  shop?: string
  from?: string
  to?: string
}

/** What `storeVisits` answers: the range's visits per day and its most visited sources (decision 0194). */
export interface StoreVisitsReport {
  shop: string
  from: string
  to: string
  total: number
  days: { day: string; visits: number }[]
  referrers: { referrer: string; visits: number }[]
  landings: { landing: string; visits: number }[]
  campaigns: { source: string; medium: string; campaign: string; visits: number }[]
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const dayOf = (value: string) => (DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined)

/** The range a query asks for, or the field it gets wrong; `today` is `YYYY-MM-DD`. */
export const visitsRange = (
  query: { from?: unknown; to?: unknown },
  today: string
): { from: string; to: string } | { field: 'from' | 'to' } => {
  const to = query.to === undefined ? today : typeof query.to === 'string' ? dayOf(query.to) : undefined
  if (!to) return { field: 'to' }
  const back = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10)
  const from = query.from === undefined ? back : typeof query.from === 'string' ? dayOf(query.from) : undefined
  if (!from || from > to) return { field: 'from' }
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= VISITS_MAX_DAYS) return { field: 'from' }
  return { from, to }
}
