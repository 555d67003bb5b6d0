import type { LocaleId, RankRecompute } from '@emporia/shared'
import { formatDateTime } from '../../lib/format/date'

/** How far a re-ranking has gone, in words: "Re-ranking customers: 120 of 500". */
export const recomputeText = (
  recompute: RankRecompute | null | undefined,
  t: (key: never, values?: Record<string, unknown>) => string,
  language: LocaleId
): string => {
  if (!recompute) return ''
  const at = formatDateTime(recompute.at, language)
  switch (recompute.state) {
    case 'waiting':
      return t('rankGroup.recompute.waiting' as never)
    case 'running':
      return t('rankGroup.recompute.running' as never, { done: recompute.done, total: recompute.total })
    case 'done':
      return t('rankGroup.recompute.done' as never, { total: recompute.total, at })
    default:
      return t('rankGroup.recompute.failed' as never, { at })
  }
}
