import type { Discount } from '../discount.schema'
import {
  allocate,
  capShares,
  mulDiv,
  percentOf,
  reason,
  type Gain,
  type Miss,
  type Scope,
  type Share,
  type WorkLine,
  miss,
  wholeUnits
} from './work'

type Taken = Map<number, number>

/** What `units` whole units of a line are worth after earlier rules (rounded down, never above the line). */
const unitsValue = (line: WorkLine, units: number) =>
  units >= line.milli / 1000 ? line.remaining : mulDiv(line.remaining, units * 1000, line.milli)

/** Takes `count` whole units, dearest or cheapest first (ties: earlier line), skipping units already taken. */
const takeUnits = (lines: readonly WorkLine[], count: number, dearest: boolean, taken: Taken): Array<[WorkLine, number]> => {
  const sorted = [...lines].sort((a, b) => {
    const diff = a.remaining / a.milli - b.remaining / b.milli
    return (dearest ? -diff : diff) || a.index - b.index
  })
  const picks: Array<[WorkLine, number]> = []
  for (const line of sorted) {
    if (count === 0) break
    const units = Math.min(count, wholeUnits(line) - (taken.get(line.index) ?? 0))
    if (units <= 0) continue
    taken.set(line.index, (taken.get(line.index) ?? 0) + units)
    picks.push([line, units])
    count -= units
  }
  return picks
}

/** Without grouping each product is counted on its own; with grouping the goods mix and match. */
const groupsOf = (rule: Discount, lines: readonly WorkLine[]): WorkLine[][] => {
  if (rule.grouping) return [[...lines]]
  const byProduct = new Map<string, WorkLine[]>()
  for (const line of lines) {
    const group = byProduct.get(line.line.product)
    if (group) group.push(line)
    else byProduct.set(line.line.product, [line])
  }
  return [...byProduct.values()]
}

interface GroupGain {
  times: number
  shares: Share[]
}

const totalOf = (shares: readonly Share[]) => shares.reduce((sum, s) => sum + s.amount, 0)

/** bundle / bundleFix (N units for fixedDiscount cents) and bundleOff (each bundle fixedDiscount and/or percentageDiscount % off). */
const priceBundles = (
  rule: Discount,
  group: WorkLine[],
  _all: readonly WorkLine[],
  maxTimes: number,
  taken: Taken
): GroupGain => {
  const size = rule.quantity ?? 0
  const whole = group.reduce((sum, l) => sum + wholeUnits(l) - (taken.get(l.index) ?? 0), 0)
  const times = Math.min(Math.floor(whole / size), maxTimes)
  if (times <= 0) return { times: 0, shares: [] }
  // The dearest units form the bundles: the customer gets the most the rule allows.
  const picks = takeUnits(group, times * size, true, taken)
  const values = picks.map(([line, units]) => unitsValue(line, units))
  const worth = values.reduce((a, b) => a + b, 0)
  const off =
    rule.type === 'bundleOff'
      ? Math.min(worth, times * (rule.fixedDiscount ?? 0) + percentOf(worth, rule.percentageDiscount))
      : Math.max(0, worth - times * (rule.fixedDiscount ?? 0))
  return {
    times,
    shares: allocate(
      off,
      picks.map(([line]) => line.index),
      values
    )
  }
}

const isFreeItem = (item: NonNullable<Discount['freeItems']>[number], line: WorkLine) =>
  line.line.product === item.product && (!item.sku || line.line.sku === item.sku)

/**
 * bundleFree: each `quantity` units of the goods give the free items; free units already in the cart are
 * priced 0, the cheapest first. When a free item is the goods themselves the group is quantity + free
 * units ("buy 3 get 1": floor(units / 4) times).
 */
const giveFree = (rule: Discount, group: WorkLine[], all: readonly WorkLine[], maxTimes: number, taken: Taken): GroupGain => {
  const items = rule.freeItems ?? []
  const sameGoods = items.filter((item) => group.some((line) => isFreeItem(item, line)))
  const size = (rule.quantity ?? 0) + sameGoods.reduce((sum, item) => sum + item.quantity, 0)
  const whole = group.reduce((sum, l) => sum + wholeUnits(l), 0)
  const times = Math.min(Math.floor(whole / size), maxTimes)
  if (times <= 0) return { times: 0, shares: [] }
  const shares: Share[] = []
  for (const item of items) {
    const pool = (sameGoods.includes(item) ? group : all).filter((line) => isFreeItem(item, line))
    for (const [line, units] of takeUnits(pool, times * item.quantity, false, taken))
      shares.push({ index: line.index, amount: unitsValue(line, units) })
  }
  return { times, shares }
}

/** Every bundle kind: per product or mixed (grouping), once or per multiple (matchLoopQuantity, bounded by maxQty). */
export const bundle = (rule: Discount, scope: Scope): Gain | Miss => {
  const size = rule.quantity ?? 0
  if (size < 1 || (rule.type !== 'bundleOff' && rule.type !== 'bundleFree' && rule.fixedDiscount == null))
    return miss('discount.nothingToGive')
  const price = rule.type === 'bundleFree' ? giveFree : priceBundles
  const groups = groupsOf(rule, scope.matched)
  let best: GroupGain = { times: 0, shares: [] }
  if (rule.matchLoopQuantity) {
    let left = rule.maxQty != null ? Math.floor(rule.maxQty / size) : Infinity
    const taken: Taken = new Map()
    for (const group of groups) {
      const gain = price(rule, group, scope.lines, left, taken)
      left -= gain.times
      best = { times: best.times + gain.times, shares: [...best.shares, ...gain.shares] }
    }
  } else {
    // Once: the group that gives the most (ties: the first in the cart).
    for (const group of groups) {
      const gain = price(rule, group, scope.lines, rule.maxQty != null && rule.maxQty < size ? 0 : 1, new Map())
      if (gain.times > 0 && (best.times === 0 || totalOf(gain.shares) > totalOf(best.shares))) best = gain
    }
  }
  if (best.times === 0) {
    const most = Math.max(0, ...groups.map((g) => g.reduce((sum, l) => sum + wholeUnits(l), 0)))
    return miss('discount.bundleIncomplete', { quantity: size }, { addQuantity: Math.max(1, size - most) })
  }
  const shares = capShares(mergeShares(best.shares, scope.lines), rule.maxDiscount)
  const amount = totalOf(shares)
  const times = best.times
  const why =
    rule.type === 'bundleFree'
      ? reason('discount.why.bundleFree', {
          quantity: size,
          free: (rule.freeItems ?? []).reduce((s, i) => s + i.quantity, 0),
          times
        })
      : rule.type === 'bundleOff'
        ? reason('discount.why.bundleOff', { quantity: size, amount, times })
        : reason('discount.why.bundleFix', { quantity: size, price: rule.fixedDiscount ?? 0, times })
  return { shares, times, order: false, why }
}

/** One share per line, in line order, never above what is left of the line. */
const mergeShares = (shares: readonly Share[], lines: readonly WorkLine[]): Share[] => {
  const byLine = new Map<number, number>()
  for (const s of shares) byLine.set(s.index, (byLine.get(s.index) ?? 0) + s.amount)
  return [...byLine.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, amount]) => ({ index, amount: Math.min(amount, lines[index].remaining) }))
    .filter((s) => s.amount > 0)
}
