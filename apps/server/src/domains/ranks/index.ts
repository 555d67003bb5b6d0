/** Membership ranks (decision 0084): the server side of the shared rank rule. */
export { COUNTED_STATUSES, loadRankSettings, paidHistory, recomputeRank, type RecomputeResult } from './recompute'
export { RANK_BATCH, recomputeShop, sweepExpiredRanks } from './batches'
export { rebuildRanks, type RankDifference } from './rebuild'
