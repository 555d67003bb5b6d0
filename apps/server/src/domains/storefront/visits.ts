import type { Knex } from 'knex'
import { isBotAgent, VISIT_FIELD_MAX } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'

/** What one visit is counted under: nothing about the visitor (decision 0194). */
export interface VisitKey {
  day: string
  referrer: string
  landing: string
  utmSource: string
  utmMedium: string
  utmCampaign: string
}

/** What the storefront knows of a request when it has served a page. */
export interface VisitRequest {
  host: string
  /** The path inside the shop. */
  path: string
  query: URLSearchParams
  referer: string | undefined
  agent: string | undefined
}

const cut = (value: string | null | undefined) => (value ?? '').trim().slice(0, VISIT_FIELD_MAX)

/** The referrer's host only (no path, no query: those can name a person); '' when none or unreadable. */
const referrerHost = (referer: string | undefined) => {
  if (!referer) return ''
  try {
    const url = new URL(referer)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : ''
  } catch {
    return ''
  }
}

/**
 * The key one page request counts under, or undefined when it is no visit: a bot's, or a step inside
 * the shop (the referrer is the shop's own host: the visit was counted where it landed).
 */
export const visitOf = (request: VisitRequest, now = new Date()): VisitKey | undefined => {
  if (isBotAgent(request.agent)) return undefined
  const referrer = referrerHost(request.referer)
  if (referrer && referrer === request.host.toLowerCase()) return undefined
  return {
    day: now.toISOString().slice(0, 10),
    referrer: cut(referrer),
    landing: cut(request.path || '/'),
    utmSource: cut(request.query.get('utm_source')),
    utmMedium: cut(request.query.get('utm_medium')),
    utmCampaign: cut(request.query.get('utm_campaign'))
  }
}

/** Runs `run` in one transaction of the shop, behind its wall. */
export type ShopWrite = (shop: string, run: (trx: Knex.Transaction) => Promise<void>) => Promise<void>

const KEY_COLUMNS = ['shop', 'day', 'referrer', 'landing', 'utmSource', 'utmMedium', 'utmCampaign'] as const

export interface VisitLogOptions {
  /** How often counts are written. */
  flushMs?: number
  /** Distinct keys held before a write starts at once (and beyond twice this, new keys are dropped). */
  maxKeys?: number
  onError?: (error: unknown) => void
}

/**
 * Visits counted in memory and written in batches (decision 0194): serving a page adds one to a map
 * and never waits for the database; every few seconds each shop's counts go in one upsert statement
 * that adds them to the day's rows. A crash loses the last few seconds of counts, never a page.
 */
export class VisitLog {
  private pending = new Map<string, { shop: string; key: VisitKey; count: number }>()
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private readonly flushMs: number
  private readonly maxKeys: number

  constructor(
    private readonly write: ShopWrite,
    private readonly options: VisitLogOptions = {}
  ) {
    this.flushMs = options.flushMs ?? 10_000
    this.maxKeys = options.maxKeys ?? 5_000
  }

  record(shop: string, key: VisitKey) {
    const id = JSON.stringify([shop, key.day, key.referrer, key.landing, key.utmSource, key.utmMedium, key.utmCampaign])
    const known = this.pending.get(id)
    if (known) known.count += 1
    else if (this.pending.size < this.maxKeys * 2) this.pending.set(id, { shop, key, count: 1 })
    if (this.pending.size >= this.maxKeys) void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs)
      this.timer.unref()
    }
  }

  /** Writes what is counted so far (tests, shutdown); resolves once it is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const batch = [...this.pending.values()]
    this.pending = new Map()
    const byShop = new Map<string, typeof batch>()
    for (const entry of batch) byShop.set(entry.shop, [...(byShop.get(entry.shop) ?? []), entry])
    const run = async () => {
      for (const [shop, entries] of byShop)
        await this.write(shop, async (trx) => {
          const rows = entries.map(({ key, count }) => ({ _id: newObjectId(), shop, ...key, count }))
          await trx('storeVisits')
            .insert(rows)
            .onConflict([...KEY_COLUMNS])
            .merge({ count: trx.raw('?? + excluded.??', ['storeVisits.count', 'count']), updatedAt: trx.fn.now() })
        }).catch((error: unknown) => this.options.onError?.(error))
    }
    this.flushing = this.flushing.then(run)
    return this.flushing
  }
}
