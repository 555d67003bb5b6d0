import { lazy, Suspense, useMemo } from 'react'
import { Box, Paper, Stack, Typography } from '@mui/material'
import Travel from '@mui/icons-material/TravelExplore'
import { servicePaths, VISITS_MAX_DAYS, type LocaleId, type StoreVisitsReport } from '@emporia/shared'
import { useQuery } from '@tanstack/react-query'
import { EmptyState } from '../../components/ui/empty-state'
import { useListT } from '../../lib/i18n/lists'
import { queryKeys } from '../../lib/query-keys'
import { shopApi } from '../../lib/resource-client'
import { addDays, useSalesSummary } from '../../lib/sales-summary'
import { trafficData } from './traffic-data'

const TrafficChart = lazy(() => import('./traffic-chart').then((m) => ({ default: m.TrafficChart })))

/** The traffic chart (spec §2.7, decision 0194): the range's storefront visits against its orders, per day. */
export const TrafficSection = ({ shopId, fromDate, toDate }: { shopId: string; fromDate: string; toDate: string }) => {
  const { t, language } = useListT()
  // Visits are kept a year at a time per report: a longer range shows its last year.
  const from = fromDate < addDays(toDate, 1 - VISITS_MAX_DAYS) ? addDays(toDate, 1 - VISITS_MAX_DAYS) : fromDate
  const ready = Boolean(from && toDate && from <= toDate)
  const query = { from, to: toDate }
  const visits = useQuery({
    queryKey: queryKeys.find(servicePaths.storeVisits, { ...query, shop: shopId }),
    enabled: ready,
    staleTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<StoreVisitsReport> => shopApi(servicePaths.storeVisits).find(query)
  })
  const sales = useSalesSummary({ groupBy: 'yearMonthDate', by: 'total', fromDate: from, toDate }, shopId, ready)
  const data = useMemo(
    () =>
      visits.data && sales.data
        ? trafficData(visits.data.from, visits.data.to, visits.data, sales.data, language as LocaleId)
        : undefined,
    [visits.data, sales.data, language]
  )
  if (!data) return null
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="traffic">
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('charts.traffic')}
        </Typography>
        {data.totals.visits ? (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="traffic-totals">
              {t('charts.trafficTotals', {
                visits: data.totals.visits,
                orders: data.totals.orders,
                rate: data.totals.rate ?? 0
              })}
            </Typography>
            <Suspense fallback={<Box sx={{ height: { xs: 240, md: 300 } }} />}>
              <TrafficChart data={data} visitsLabel={t('charts.visits')} ordersLabel={t('charts.orders')} />
            </Suspense>
          </>
        ) : (
          <EmptyState icon={<Travel />} text={t('charts.trafficEmpty')} testId="traffic-empty" />
        )}
      </Stack>
    </Paper>
  )
}
