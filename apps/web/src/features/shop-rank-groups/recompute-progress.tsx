import { Box, LinearProgress, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, type LocaleId, type RankRecompute } from '@emporia/shared'
import { recomputeText } from './recompute-text'
import { useListT } from '../../lib/i18n/lists'
import { shopApi } from '../../lib/resource-client'
import type { FieldProps } from '../../components/fields/field-types'

const busy = (recompute: RankRecompute | null | undefined) => recompute?.state === 'waiting' || recompute?.state === 'running'

/**
 * The re-ranking of existing customers after the rules changed (a job on the server, decision 0154):
 * while it waits or runs the group is read again every second, so the count moves on screen.
 */
export const RecomputeProgress = ({ id, initial }: { id: string; initial: RankRecompute | null | undefined }) => {
  const { t, language } = useListT()
  const live = useQuery({
    queryKey: [servicePaths.shopRankGroups, 'recompute', id],
    enabled: Boolean(id),
    initialData: { recompute: initial ?? null },
    refetchInterval: (query) => (busy(query.state.data?.recompute as RankRecompute | null) ? 1000 : false),
    queryFn: async () => ({
      recompute: ((await shopApi(servicePaths.shopRankGroups).get(id)).recompute ?? null) as RankRecompute | null
    })
  })
  const recompute = (live.data?.recompute ?? initial) as RankRecompute | null | undefined
  if (!recompute) return null
  const share = recompute.total ? Math.round((recompute.done / recompute.total) * 100) : 0
  return (
    <Box data-testid="rank-recompute" data-state={recompute.state} sx={{ minWidth: 160 }}>
      <Typography variant="body2" color={recompute.state === 'failed' ? 'error' : undefined} data-testid="rank-recompute-text">
        {recomputeText(recompute, t as never, language as LocaleId)}
      </Typography>
      {busy(recompute) && (
        <LinearProgress
          variant={recompute.state === 'running' ? 'determinate' : 'indeterminate'}
          value={share}
          sx={{ mt: 0.5 }}
        />
      )}
    </Box>
  )
}

/** The editor's read-only line of the same. */
export const RecomputeField = ({ record }: FieldProps) =>
  record?._id ? <RecomputeProgress id={String(record._id)} initial={record.recompute as RankRecompute | null} /> : null
