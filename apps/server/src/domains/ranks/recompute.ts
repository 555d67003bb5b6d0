import type { Knex } from 'knex'
import {
  decideRank,
  servicePaths,
  shopRankLogSchema,
  shopTimeZone,
  shopUserSchema,
  type PaidEntry,
  type RankChangeReason,
  type RankDecision,
  type RankRuleGroup,
  type RankRuleRank
} from '@emporia/shared'
import { asRecord } from '../stock/changes'
import type { LedgerEnv } from '../stock/moves'
import { newObjectId } from '../../platform/http/object-id'
import { WallSwitch } from '../../platform/tenancy'

type Row = Record<string, unknown>

/** Orders whose money counts towards a rank: paid, on their way or done (a refunded one has amount 0). */
export const COUNTED_STATUSES = ['paid', 'prepare', 'collect', 'shipped', 'received', 'done', 'refunded'] as const

export interface RankGroupRow extends RankRuleGroup {
  _id: string
  accumShops?: string[] | null
}

/** What the rule needs of a shop, loaded once per shop (a sweep or a rebuild reuses it for every customer). */
export interface RankSettings {
  shop: string
  group: RankGroupRow
  ranks: RankRuleRank[]
  timeZone: string
}

export interface RecomputeOptions {
  /** The order whose payment or refund caused it (logged with the change). */
  order?: string | null
  now?: Date
  /** The wall the transaction stands behind (row security), to read accumShops' orders behind theirs. */
  wall?: string
  env?: LedgerEnv
  /** Already loaded settings (sweeps, rebuilds). */
  settings?: RankSettings | null
  /**
   * The paid money of an order of this shop not yet written in this transaction (a counter sale
   * decides the rank before it takes the shop's order number, so the counter's lock is held less).
   */
  pending?: PaidEntry
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : new Date(String(value)).toISOString()

const jsonList = (value: unknown): string[] => {
  if (Array.isArray(value)) return value as string[]
  if (typeof value === 'string' && value) return JSON.parse(value) as string[]
  return []
}

/** The shop's enabled rank group, its ranks and its time zone; null when no group is enabled (nothing decides ranks). */
export const loadRankSettings = async (trx: Knex.Transaction | Knex, shop: string): Promise<RankSettings | null> => {
  const group = (await trx('shopRankGroups').where({ shop, enabled: true }).orderBy('_id').first()) as Row | undefined
  if (!group) return null
  const ranks = (await trx('shopRanks')
    .where({ shop, group: group._id })
    .select('_id', 'amount', 'expiryType', 'expiryPeriod', 'expiryPeriodUnit')) as RankRuleRank[]
  const shopRow = (await trx('shops').where({ _id: shop }).first('timeZone')) as { timeZone?: string | null } | undefined
  return {
    shop,
    group: {
      _id: String(group._id),
      accumType: group.accumType as RankGroupRow['accumType'],
      accumPeriod: (group.accumPeriod as number | null) ?? null,
      accumPeriodUnit: (group.accumPeriodUnit as RankGroupRow['accumPeriodUnit']) ?? null,
      allowDowngrade: group.allowDowngrade === true,
      accumShops: jsonList(group.accumShops)
    },
    ranks: ranks.map((rank) => ({ ...rank, amount: Number(rank.amount) })),
    timeZone: shopTimeZone(shopRow)
  }
}

/**
 * A customer's paid money, one entry per order net of refunds (orders.amount), dated when the order
 * was taken (decision 0084): the shop's own orders and those of the group's accumShops, each read
 * behind its own shop's wall.
 */
export const paidHistory = async (
  trx: Knex.Transaction,
  settings: RankSettings,
  customer: string,
  wall?: string
): Promise<PaidEntry[]> => {
  const shops = [settings.shop, ...(settings.group.accumShops ?? []).filter((s) => s !== settings.shop)]
  const walls = new WallSwitch(trx, wall)
  const entries: PaidEntry[] = []
  try {
    for (const shop of shops) {
      await walls.enter(shop)
      const rows = (await trx('orders')
        .where({ shop, user: customer })
        .whereIn('status', [...COUNTED_STATUSES])
        .where('amount', '>', 0)
        .select('date', 'amount')) as { date: unknown; amount: number | string }[]
      for (const row of rows) entries.push({ date: iso(row.date) as string, amount: Number(row.amount) })
    }
  } finally {
    await walls.leave()
  }
  return entries
}

export interface RecomputeResult {
  customer: string
  decision: RankDecision
  /** What the customer held before. */
  before: { rank: string | null; expiry: string | null; amount: number }
  logged: boolean
}

/**
 * Decides a customer's rank again from their orders (decision 0084) and writes it, in the caller's
 * transaction: the customer's row is locked first, so two payments of one customer at once are
 * counted one after the other (the second sees the first's order once it has committed). The
 * accumulated amount is written always; a change of rank or expiry is logged with its reason.
 * Answers null when the shop has no enabled rank group or the customer is not one of its shop users.
 */
export const recomputeRank = async (
  trx: Knex.Transaction,
  shop: string,
  customer: string,
  reason: RankChangeReason,
  options: RecomputeOptions = {}
): Promise<RecomputeResult | null> => {
  const settings = options.settings === undefined ? await loadRankSettings(trx, shop) : options.settings
  if (!settings) return null
  const row = (await trx('shopUsers')
    .where({ _id: customer, shop })
    .forUpdate()
    .first('_id', 'rank', 'rankExpiry', 'cachedAmount', 'date', 'createdAt')) as Row | undefined
  if (!row) return null
  const now = options.now ?? new Date()
  const history = await paidHistory(trx, settings, customer, options.wall)
  if (options.pending) history.push(options.pending)
  const before = { rank: (row.rank as string | null) ?? null, expiry: iso(row.rankExpiry), amount: Number(row.cachedAmount ?? 0) }
  const decide = (ranks: RankRuleRank[]) =>
    decideRank({
      group: settings.group,
      ranks,
      memberSince: iso(row.date) ?? (iso(row.createdAt) as string),
      state: { rank: before.rank, expiry: before.expiry },
      history,
      now: now.toISOString(),
      timeZone: settings.timeZone
    })
  let decision = decide(settings.ranks)
  // The rank given is held (share lock) until commit, so it cannot be removed meanwhile; one removed
  // since the settings were read is left out and the rank decided again.
  if (decision.rank && decision.rank !== before.rank) {
    const still = await trx('shopRanks').where({ _id: decision.rank, shop }).forShare().first('_id')
    if (!still) decision = decide(settings.ranks.filter((rank) => rank._id !== decision.rank))
  }
  const logged = decision.changed
  let updated: Row | undefined
  if (decision.changed || decision.amount !== before.amount || row.cachedAmount === null) {
    ;[updated] = (await trx('shopUsers')
      .where({ _id: customer, shop })
      .update({ rank: decision.rank, rankExpiry: decision.expiry, cachedAmount: decision.amount, updatedAt: trx.fn.now() })
      .returning('*')) as Row[]
  }
  let log: Row | undefined
  if (logged) {
    const at = now.toISOString()
    ;[log] = (await trx('shopRankLogs')
      .insert({
        _id: newObjectId(),
        shop,
        user: customer,
        from: before.rank,
        to: decision.rank,
        reason,
        amount: decision.amount,
        expiry: decision.expiry,
        order: options.order ?? null,
        date: at
      })
      .returning('*')) as Row[]
  }
  announce(trx, options.env, shop, updated, log)
  return { customer, decision, before, logged }
}

/**
 * The shop-user and rank-log tables were written directly (their services refuse server-owned
 * fields): their list totals are made stale, and once committed the changes are announced.
 */
const announce = (
  trx: Knex.Transaction,
  env: LedgerEnv | undefined,
  shop: string,
  user: Row | undefined,
  log: Row | undefined
) => {
  if (!env || !user) return
  const stale = () => {
    env.counts?.invalidate('shopUsers', [shop])
    if (log) env.counts?.invalidate('shopRankLogs', [shop])
  }
  stale()
  trx.executionPromise.then(
    () => {
      stale()
      const { app } = env
      if (!app) return
      if (app.services[servicePaths.shopUsers])
        app.service(servicePaths.shopUsers).emit('patched', asRecord(shopUserSchema, user))
      if (log && app.services[servicePaths.shopRankLogs])
        app.service(servicePaths.shopRankLogs).emit('created', asRecord(shopRankLogSchema, log))
    },
    () => undefined
  )
}
