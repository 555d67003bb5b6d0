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
  type Shares,
  sumShares,
  type WorkLine,
  miss,
  wholeUnits
} from './work'

/** Whole units of each line this rule has already used (by line index). */
type Taken = Map<number, number>

/** What `units` whole units of a line are worth after earlier rules (rounded down, never above the line). */
const unitsValue = (line: WorkLine, units: number) =>
  units * 1000 >= line.milli ? line.remaining : mulDiv(line.remaining, units * 1000, line.milli)

/** Units picked from lines: parallel arrays, so nothing is allocated per unit. */
interface Picks {
  indices: number[]
  values: number[]
}

/** Takes `count` whole units, dearest or cheapest first (ties: earlier line), skipping units already taken. */
const takeUnits = (lines: readonly WorkLine[], count: number, dearest: boolean, taken: Taken, into: Picks) => {
  const sorted =
    lines.length === 1
      ? lines
      : [...lines].sort((a, b) => {
          const diff = a.remaining / a.milli - b.remaining / b.milli
          return (dearest ? -diff : diff) || a.index - b.index
        })
  for (const line of sorted) {
    if (count === 0) break
    const used = taken.get(line.index) ?? 0
    const units = Math.min(count, wholeUnits(line) - used)
    if (units <= 0) continue
    taken.set(line.index, used + units)
    into.indices.push(line.index)
    into.values.push(unitsValue(line, units))
    count -= units
  }
}

/**
 * Without grouping each product is counted on its own; with grouping the goods mix and match. Only
 * groups with at least `least` whole units can form a bundle and are built; `most` is the largest
 * group's units either way (for "add N more").
 */
const groupsOf = (rule: Discount, lines: readonly WorkLine[], least: number) => {
  if (rule.grouping) {
    const units = unitsOf(lines)
    return { groups: units >= least ? [lines] : [], most: units }
  }
  // Units per product first (by the cart's product numbers): most products cannot form a bundle.
  const units: number[] = []
  for (const line of lines) units[line.product] = (units[line.product] ?? 0) + wholeUnits(line)
  const groups: WorkLine[][] = []
  const slots: number[] = []
  let most = 0
  for (const line of lines) {
    const total = units[line.product]
    most = Math.max(most, total)
    if (total < least) continue
    const slot = slots[line.product]
    if (slot === undefined) {
      slots[line.product] = groups.length
      groups.push([line])
    } else groups[slot].push(line)
  }
  return { groups, most }
}

/** One group's bundles: how many, the units they use (with their worth) and the cents they take off. */
interface GroupGain extends Picks {
  times: number
  off: number
}
const NONE: GroupGain = { times: 0, off: 0, indices: [], values: [] }
const unitsOf = (group: readonly WorkLine[]) => group.reduce((sum, l) => sum + wholeUnits(l), 0)

/** bundle / bundleFix (N units for fixedDiscount cents) and bundleOff (each bundle fixedDiscount and/or percentageDiscount % off). */
const priceBundles = (
  rule: Discount,
  group: readonly WorkLine[],
  _pools: readonly (readonly WorkLine[])[],
  maxTimes: number,
  taken: Taken
): GroupGain => {
  const size = rule.quantity ?? 0
  const times = Math.min(Math.floor(unitsOf(group) / size), maxTimes)
  if (times <= 0) return NONE
  // The dearest units form the bundles: the customer gets the most the rule allows.
  const gain: GroupGain = { times, off: 0, indices: [], values: [] }
  takeUnits(group, times * size, true, taken, gain)
  const worth = gain.values.reduce((a, b) => a + b, 0)
  gain.off =
    rule.type === 'bundleOff'
      ? Math.min(worth, times * (rule.fixedDiscount ?? 0) + percentOf(worth, rule.percentageDiscount))
      : Math.max(0, worth - times * (rule.fixedDiscount ?? 0))
  return gain
}

const isFreeItem = (item: NonNullable<Discount['freeItems']>[number], line: WorkLine) =>
  line.line.product === item.product && (!item.sku || line.line.sku === item.sku)

/**
 * bundleFree: each `quantity` units of the goods give the free items; free units already in the cart are
 * priced 0, the cheapest first. When a free item is the goods themselves the group is quantity + free
 * units ("buy 3 get 1": floor(units / 4) times).
 */
const giveFree = (
  rule: Discount,
  group: readonly WorkLine[],
  pools: readonly (readonly WorkLine[])[],
  maxTimes: number,
  taken: Taken
): GroupGain => {
  const items = rule.freeItems ?? []
  const sameGoods = items.filter((item) => group.some((line) => isFreeItem(item, line)))
  const size = (rule.quantity ?? 0) + sameGoods.reduce((sum, item) => sum + item.quantity, 0)
  const times = Math.min(Math.floor(unitsOf(group) / size), maxTimes)
  if (times <= 0) return NONE
  const gain: GroupGain = { times, off: 0, indices: [], values: [] }
  items.forEach((item, i) => {
    const pool = sameGoods.includes(item) ? group.filter((line) => isFreeItem(item, line)) : pools[i]
    takeUnits(pool, times * item.quantity, false, taken, gain)
  })
  // The free units' worth is what comes off.
  gain.off = gain.values.reduce((a, b) => a + b, 0)
  return gain
}

/** Every bundle kind: per product or mixed (grouping), once or per multiple (matchLoopQuantity, bounded by maxQty). */
export const bundle = (rule: Discount, scope: Scope): Gain | Miss => {
  const size = rule.quantity ?? 0
  if (size < 1 || (rule.type !== 'bundleOff' && rule.type !== 'bundleFree' && rule.fixedDiscount == null))
    return miss('discount.nothingToGive')
  const price = rule.type === 'bundleFree' ? giveFree : priceBundles
  const { groups, most } = groupsOf(rule, scope.matched, size)
  // The cart's lines of each free item, found once for every group.
  const pools =
    rule.type === 'bundleFree' ? (rule.freeItems ?? []).map((item) => scope.lines.filter((line) => isFreeItem(item, line))) : []
  const chosen: GroupGain[] = []
  if (rule.matchLoopQuantity) {
    let left = rule.maxQty != null ? Math.floor(rule.maxQty / size) : Infinity
    const taken: Taken = new Map()
    for (const group of groups) {
      const gain = price(rule, group, pools, left, taken)
      left -= gain.times
      if (gain.times > 0) chosen.push(gain)
    }
  } else if (rule.maxQty == null || rule.maxQty >= size) {
    // Once: the group that gives the most (ties: the first in the cart).
    let best = NONE
    const taken: Taken = new Map()
    for (const group of groups) {
      // Each group is weighed as if alone.
      taken.clear()
      const gain = price(rule, group, pools, 1, taken)
      if (gain.times > 0 && (best.times === 0 || gain.off > best.off)) best = gain
    }
    if (best.times > 0) chosen.push(best)
  }
  if (!chosen.length) {
    return miss('discount.bundleIncomplete', { quantity: size }, { addQuantity: Math.max(1, size - most) })
  }
  const shares = capShares(mergeShares(chosen, scope.lines), rule.maxDiscount)
  const amount = sumShares(shares)
  const times = chosen.reduce((sum, g) => sum + g.times, 0)
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

/** The groups' cents spread over the units' lines by worth, one share per line in line order, never above what is left of it. */
const mergeShares = (gains: readonly GroupGain[], lines: readonly WorkLine[]): Shares => {
  const byLine = new Array<number>(lines.length).fill(0)
  for (const gain of gains) {
    const { indices, amounts } = allocate(gain.off, gain.indices, gain.values)
    for (let i = 0; i < indices.length; i++) byLine[indices[i]] += amounts[i]
  }
  const shares: Shares = { indices: [], amounts: [] }
  for (let i = 0; i < byLine.length; i++)
    if (byLine[i] > 0) {
      shares.indices.push(i)
      shares.amounts.push(byLine[i])
    }
  return clamp(shares, lines)
}

/** Never above what is left of a line (a line's units valued in two takes may round up by a cent). */
const clamp = (shares: Shares, lines: readonly WorkLine[]): Shares => {
  for (let i = 0; i < shares.indices.length; i++)
    shares.amounts[i] = Math.min(shares.amounts[i], lines[shares.indices[i]].remaining)
  return shares
}
