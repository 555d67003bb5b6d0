import type { RankAccumType, RankPeriodUnit } from './shop-rank-group.schema'
import type { RankExpiryType } from './shop-rank.schema'
import { zoneFormatter } from '../platform/zone-formatter'

/**
 * The membership rank rule (spec §3.10, §4.9, §9.8; decision 0084): which rank a customer holds at a
 * moment, until when, and on how much paid money it was decided. Pure: the server runs it when an
 * order is paid or refunded, in the daily expiry sweep and in the rebuild; the tests run it alone.
 */

export interface RankRuleGroup {
  accumType: RankAccumType
  /** Without a period every paid order ever counts. */
  accumPeriod?: number | null
  accumPeriodUnit?: RankPeriodUnit | null
  allowDowngrade?: boolean | null
}

export interface RankRuleRank {
  _id: string
  /** The paid money (cents) that reaches the rank. */
  amount: number
  expiryType: RankExpiryType
  expiryPeriod?: number | null
  expiryPeriodUnit?: RankPeriodUnit | null
}

/** What the customer holds now (shopUsers.rank and rankExpiry). */
export interface RankState {
  rank?: string | null
  expiry?: string | null
}

/**
 * One order's paid money, net of its refunds (orders.amount), dated when the order was taken. A
 * refund therefore takes money out of the window the sale was counted in, never out of a later one.
 */
export interface PaidEntry {
  date: string
  amount: number
}

export interface RankRuleInput {
  group: RankRuleGroup
  ranks: readonly RankRuleRank[]
  /** When the customer joined (shopUsers.date, else when the record was made): ISO moment. */
  memberSince: string
  state: RankState
  history: readonly PaidEntry[]
  now: string
  /** The shop's IANA time zone: months and days are its calendar's. */
  timeZone: string
}

/** How the rule came to its answer. */
export type RankOutcome = 'none' | 'kept' | 'upgraded' | 'downgraded' | 'expired' | 'renewed'

export interface RankDecision {
  rank: string | null
  expiry: string | null
  /** The accumulated paid money in the window (shopUsers.cachedAmount). */
  amount: number
  /** The rank or its expiry differs from the state given. */
  changed: boolean
  reason: RankOutcome
  /** The accumulation window the amount was summed over: [from, to], from null = since ever. */
  window: { from: string | null; to: string }
}

// ---- the shop's calendar --------------------------------------------------------------------

interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  ms: number
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23'
}
const formatterFor = (timeZone: string) => zoneFormatter(timeZone, WALL_CLOCK)

/** The wall-clock time of a moment in a zone. */
const wallOf = (at: number, timeZone: string): Wall => {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(at))) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    ms: ((at % 1000) + 1000) % 1000
  }
}

const wallAsUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms)

/** The moment a wall-clock time names in a zone (a time skipped by a clock change moves forward). */
const momentOf = (w: Wall, timeZone: string): number => {
  const guess = wallAsUtc(w)
  let at = guess - (wallAsUtc(wallOf(guess, timeZone)) - guess)
  // Near a clock change the offset at the answer can differ from the guess's: correct once.
  const off = wallAsUtc(wallOf(at, timeZone)) - at
  at = guess - off
  return at
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * A moment plus n months or days in the shop's calendar, at the same wall-clock time. A month that
 * is too short keeps its last day (31 Jan + 1 month = 28/29 Feb).
 */
export const addRankPeriod = (at: number, n: number, unit: RankPeriodUnit, timeZone: string): number => {
  const w = wallOf(at, timeZone)
  if (unit === 'day') {
    const d = new Date(Date.UTC(w.year, w.month - 1, w.day + n))
    return momentOf({ ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, timeZone)
  }
  const index = w.year * 12 + (w.month - 1) + n
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return momentOf({ ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) }, timeZone)
}

/** Whole periods from `from` to `to` as the calendar counts them (an estimate the caller corrects). */
const periodsBetween = (from: number, to: number, unit: RankPeriodUnit, timeZone: string) => {
  if (unit === 'day') return Math.floor((to - from) / 86_400_000)
  const a = wallOf(from, timeZone)
  const b = wallOf(to, timeZone)
  return b.year * 12 + b.month - (a.year * 12 + a.month)
}

/**
 * The consecutive period counted from `origin` that holds `now`: [origin + k·P, origin + (k+1)·P),
 * k ≥ 0 (before the origin, the first period). Every bound is origin + k·P, never a step from the
 * previous bound, so a short month does not shift later periods.
 */
export const periodAround = (origin: number, now: number, period: number, unit: RankPeriodUnit, timeZone: string) => {
  let k = Math.max(0, Math.floor(periodsBetween(origin, now, unit, timeZone) / period))
  while (k > 0 && addRankPeriod(origin, k * period, unit, timeZone) > now) k--
  while (addRankPeriod(origin, (k + 1) * period, unit, timeZone) <= now) k++
  return { from: addRankPeriod(origin, k * period, unit, timeZone), to: addRankPeriod(origin, (k + 1) * period, unit, timeZone) }
}

// ---- the rule -------------------------------------------------------------------------------

/** A period and its unit, when both are given. */
const periodOf = (period: number | null | undefined, unit: RankPeriodUnit | null | undefined) =>
  typeof period === 'number' && period > 0 && (unit === 'month' || unit === 'day') ? { n: period, unit } : null

/**
 * The accumulation window at `now`: `current` is the rolling period ending now, (now − P, now];
 * `start` the consecutive period counted from the membership start that holds now; no period, since ever.
 */
export const accumulationWindow = (
  group: RankRuleGroup,
  memberSince: number,
  now: number,
  timeZone: string
): { from: number | null; end: number | null } => {
  const period = periodOf(group.accumPeriod, group.accumPeriodUnit)
  if (!period) return { from: null, end: null }
  if (group.accumType === 'current') {
    const from = addRankPeriod(now, -period.n, period.unit, timeZone)
    // The money counted now has all left the window one period from now.
    return { from, end: addRankPeriod(now, period.n, period.unit, timeZone) }
  }
  const around = periodAround(memberSince, now, period.n, period.unit, timeZone)
  return { from: around.from, end: around.to }
}

/** Paid money in the window: entries dated after its start (`current`: strictly) and not after now. */
export const accumulatedAmount = (
  history: readonly PaidEntry[],
  window: { from: number | null },
  accumType: RankAccumType,
  now: number
) => {
  let sum = 0
  for (const entry of history) {
    const at = Date.parse(entry.date)
    if (!(entry.amount > 0) || Number.isNaN(at) || at > now) continue
    if (window.from !== null && (accumType === 'current' ? at <= window.from : at < window.from)) continue
    sum += entry.amount
  }
  return sum
}

/** The highest rank the amount reaches (ties: the smaller id), or null. */
export const rankForAmount = (ranks: readonly RankRuleRank[], amount: number): RankRuleRank | null => {
  let best: RankRuleRank | null = null
  for (const rank of ranks)
    if (rank.amount <= amount && (!best || rank.amount > best.amount || (rank.amount === best.amount && rank._id < best._id)))
      best = rank
  return best
}

/**
 * When a rank given now ends: `unlimited` never; `current` one expiry period after now (when it was
 * reached); `start` the next membership anniversary of the period after now; `accumulate` when the
 * accumulation window ends (never when the group counts since ever).
 */
export const rankExpiry = (
  rank: RankRuleRank,
  group: RankRuleGroup,
  memberSince: number,
  now: number,
  timeZone: string
): number | null => {
  const period = periodOf(rank.expiryPeriod, rank.expiryPeriodUnit)
  switch (rank.expiryType) {
    case 'unlimited':
      return null
    case 'accumulate':
      return accumulationWindow(group, memberSince, now, timeZone).end
    case 'current':
      return period ? addRankPeriod(now, period.n, period.unit, timeZone) : null
    case 'start':
      return period ? periodAround(memberSince, now, period.n, period.unit, timeZone).to : null
  }
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())

/**
 * Decides the customer's rank at `now` (decision 0084). The amount reaches a rank (the highest whose
 * threshold it meets). A higher rank than held is given at once, with a fresh expiry. A lower one
 * replaces the held rank only when the group allows downgrades, or when the held rank has expired
 * (an expiry ends a rank whatever the group says: at expiry the rank is decided again from the
 * amount, and may be the same one, renewed). Otherwise the held rank and its expiry stay.
 */
export const decideRank = (input: RankRuleInput): RankDecision => {
  const { group, ranks, state, timeZone } = input
  const now = Date.parse(input.now)
  // A membership dated after now (typed ahead) counts from now.
  const since = Number.isNaN(Date.parse(input.memberSince)) ? now : Math.min(Date.parse(input.memberSince), now)
  const window = accumulationWindow(group, since, now, timeZone)
  const amount = accumulatedAmount(input.history, window, group.accumType, now)
  const reached = rankForAmount(ranks, amount)
  // A rank no longer of the group (removed, moved) is as if none were held.
  const held = ranks.find((rank) => rank._id === state.rank) ?? null
  const heldExpiry = held && state.expiry ? Date.parse(state.expiry) : null
  const expired = heldExpiry !== null && !Number.isNaN(heldExpiry) && heldExpiry <= now
  const windowOut = { from: iso(window.from), to: new Date(now).toISOString() }

  const give = (rank: RankRuleRank | null, reason: RankOutcome): RankDecision => {
    const expiry = rank ? iso(rankExpiry(rank, group, since, now, timeZone)) : null
    const id = rank?._id ?? null
    const changed = id !== (state.rank ?? null) || expiry !== (state.expiry ?? null)
    return { rank: id, expiry, amount, changed, reason: changed ? reason : 'kept', window: windowOut }
  }
  const keep = (): RankDecision => ({
    rank: held?._id ?? null,
    expiry: held ? (state.expiry ?? null) : null,
    amount,
    changed: (held?._id ?? null) !== (state.rank ?? null) || (held ? false : (state.expiry ?? null) !== null),
    reason: held ? 'kept' : 'none',
    window: windowOut
  })

  if (!held) {
    if (reached) return give(reached, 'upgraded')
    const none = keep()
    return { ...none, reason: none.changed ? 'downgraded' : 'none' }
  }
  if (reached && reached.amount > held.amount) return give(reached, 'upgraded')
  if (expired) return give(reached, reached?._id === held._id ? 'renewed' : 'expired')
  if (reached?._id === held._id) return keep()
  if (group.allowDowngrade === true) return give(reached, 'downgraded')
  return keep()
}
