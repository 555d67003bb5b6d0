import { Box, Link, Stack, Typography } from '@mui/material'
import ShowChart from '@mui/icons-material/ShowChart'
import type { Shop } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { shopToday, useSalesSummary, useSalesUpdates } from '../../lib/sales-summary'
import { salesFigures, salesPanelRange } from './sales-figures'

/** The dashboard's sales panel (spec §2.7): today, this month and the last two weeks, live. */
export const SalesPanel = ({ shop, chartsLink }: { shop: Shop; chartsLink: boolean }) => {
  const { t } = useListT()
  const today = shopToday(shop)
  const summary = useSalesSummary(salesPanelRange(today), shop._id)
  useSalesUpdates(true)
  if (!summary.data?.rows.length)
    return <EmptyState icon={<ShowChart />} text={t('dashboard.salesEmpty')} testId="panel-sales-empty" />
  const figures = salesFigures(summary.data, today)
  const highest = Math.max(1, ...figures.bars.map((bar) => bar.amount))
  const figure = (label: string, value: { amount: number; orders: number }, testId: string) => (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={`${testId}-amount`}>
        {formatMoney(value.amount)}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-orders`}>
        {t('dashboard.orderCount', { count: value.orders })}
      </Typography>
    </Box>
  )
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={4}>
        {figure(t('dashboard.today'), figures.today, 'sales-today')}
        {figure(t('dashboard.thisMonth'), figures.month, 'sales-month')}
      </Stack>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: '3px', height: 56 }} aria-hidden data-testid="sales-bars">
        {figures.bars.map((bar) => (
          <Box
            key={bar.day}
            title={`${bar.day} ${formatMoney(bar.amount)}`}
            sx={{
              flex: 1,
              height: `${Math.max(2, (Math.max(0, bar.amount) / highest) * 100)}%`,
              bgcolor: bar.day === today ? 'primary.main' : 'primary.light',
              borderRadius: 0.5
            }}
          />
        ))}
      </Box>
      {chartsLink && (
        <Link component={AppLink} href="/charts" variant="body2" data-testid="sales-open-charts">
          {t('dashboard.openCharts')}
        </Link>
      )}
    </Stack>
  )
}
