/**
 * What a rank or a rank group must say to be usable (decision 0084). The editors check it as the
 * merchant types, the server on every record as written (patches and operators included).
 */

type RankLike = Partial<Record<'expiryType' | 'expiryPeriod' | 'expiryPeriodUnit', unknown>>
type GroupLike = Partial<Record<'accumPeriod' | 'accumPeriodUnit', unknown>>

const given = (value: unknown) => value !== undefined && value !== null && value !== ''

/** A rank that ends a period after the membership start or after it was reached needs the period and its unit. */
export const shopRankProblem = (
  rank: RankLike
):
  | { field: 'expiryPeriod'; key: 'rank.expiryPeriodRequired' }
  | { field: 'expiryPeriodUnit'; key: 'rank.expiryUnitRequired' }
  | undefined => {
  if (rank.expiryType !== 'start' && rank.expiryType !== 'current') return undefined
  if (!given(rank.expiryPeriod)) return { field: 'expiryPeriod', key: 'rank.expiryPeriodRequired' }
  if (!given(rank.expiryPeriodUnit)) return { field: 'expiryPeriodUnit', key: 'rank.expiryUnitRequired' }
  return undefined
}

/** An accumulation period needs its unit (and a unit its period); neither means "since ever". */
export const shopRankGroupProblem = (
  group: GroupLike
): { field: 'accumPeriod' | 'accumPeriodUnit'; key: 'rankGroup.periodWithUnit' } | undefined => {
  if (given(group.accumPeriod) && !given(group.accumPeriodUnit))
    return { field: 'accumPeriodUnit', key: 'rankGroup.periodWithUnit' }
  if (given(group.accumPeriodUnit) && !given(group.accumPeriod)) return { field: 'accumPeriod', key: 'rankGroup.periodWithUnit' }
  return undefined
}
