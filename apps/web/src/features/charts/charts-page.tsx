import { lazy, Suspense, useMemo, useState } from 'react'
import { Box, Button, Menu, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material'
import Download from '@mui/icons-material/Download'
import ShowChart from '@mui/icons-material/ShowChart'
import {
  servicePaths,
  shopTimeZone,
  summaryDims,
  summaryGroupBys,
  type LocaleId,
  type SummaryDim,
  type SummaryGroupBy
} from '@emporia/shared'
import { DateRangeFields } from '../../components/ui/date-range-fields'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../../lib/auth'
import { errorField, errorMessage } from '../../lib/errors'
import { runExport, type ExportFormat } from '../../lib/export-api'
import { currentLanguage } from '../../lib/i18n/i18n'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { addDays, shopToday, summaryQuery, useSalesSummary, useSalesUpdates, type SalesRange } from '../../lib/sales-summary'
import { useCurrentShop } from '../../lib/shop'
import { chartData, exportColumnsOf } from './chart-data'
import { SalesTable } from './sales-table'
import { TrafficSection } from './traffic-section'

// ECharts is a chunk of its own: the controls and the table show while it loads.
const SalesChart = lazy(() => import('./sales-chart').then((m) => ({ default: m.SalesChart })))

/** The last 30 days of the shop's calendar, by date. */
const defaultRange = (today: string): SalesRange => ({
  groupBy: 'yearMonthDate',
  by: 'total',
  fromDate: addDays(today, -29),
  toDate: today
})

/** charts (spec §2.14 "sales status"): sales between two dates by a §9.8 grouping, by method or category, live and exportable. */
export const ChartsPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  return shop ? <Charts key={shop._id} shop={shop} /> : null
}

const Charts = ({ shop }: { shop: NonNullable<ReturnType<typeof useCurrentShop>> }) => {
  const { t, tAny, language } = useListT()
  const locale = language as LocaleId
  const [range, setRange] = useState(() => defaultRange(shopToday(shop)))
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null)
  const ordered = range.fromDate <= range.toDate
  const summary = useSalesSummary(range, shop._id, ordered && Boolean(range.fromDate && range.toDate))
  useSalesUpdates(true)
  const data = summary.data
  // While new figures load the last ones stay up (placeholderData): drawn by their own range, not the one being asked.
  const shown = useMemo<SalesRange | undefined>(
    () => data && { groupBy: data.groupBy, by: data.by, fromDate: data.from, toDate: addDays(data.to, -1) },
    [data]
  )
  const chart = useMemo(() => (data && shown ? chartData(shown, data, locale, tAny) : undefined), [shown, data, locale, tAny])
  const badField = summary.error ? errorField(summary.error) : undefined
  const set = (change: Partial<SalesRange>) => setRange((current) => ({ ...current, ...change }))

  const download = async (format: ExportFormat) => {
    setExportMenu(null)
    if (!data || !shown) return
    try {
      await runExport({
        path: servicePaths.salesSummary,
        query: { ...summaryQuery(shown) },
        format,
        columns: exportColumnsOf(shown, data, locale, tAny),
        locale: currentLanguage(),
        fileName: `sales-${shown.groupBy}-${shown.fromDate}-${shown.toDate}`
      })
      notifySuccess(t('charts.exported'))
    } catch (error) {
      notifyError(errorMessage(error))
    }
  }

  return (
    <Stack spacing={2} data-testid="charts-page">
      <Box>
        {/* The shell's title names the screen; this says what it shows (spec §2.14: sales status). */}
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="charts-title">
          {t('charts.title')}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="charts-zone">
          {t('charts.zone', { zone: data?.timeZone ?? shopTimeZone(shop) })}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <DateRangeFields
            range={range}
            onChange={set}
            labels={{ from: t('charts.from'), to: t('charts.to') }}
            testId="charts"
            toError={!ordered ? t('sales.rangeOrder') : badField === 'to' ? errorMessage(summary.error) : undefined}
          />
          <TextField
            select
            size="small"
            label={t('charts.groupBy')}
            value={range.groupBy}
            onChange={(event) => set({ groupBy: event.target.value as SummaryGroupBy })}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'charts-groupBy' } as object } }}
          >
            {summaryGroupBys.map((groupBy) => (
              <MenuItem key={groupBy} value={groupBy} data-testid={`charts-groupBy-${groupBy}`}>
                {t(`charts.groupBy.${groupBy}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('charts.by')}
            value={range.by}
            onChange={(event) => set({ by: event.target.value as SummaryDim })}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'charts-by' } as object } }}
          >
            {summaryDims.map((by) => (
              <MenuItem key={by} value={by} data-testid={`charts-by-${by}`}>
                {t(`charts.by.${by}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="outlined"
            startIcon={<Download />}
            disabled={!data?.rows.length}
            onClick={(event) => setExportMenu(event.currentTarget)}
            data-testid="charts-export"
          >
            {t('charts.export')}
          </Button>
          <Menu anchorEl={exportMenu} open={Boolean(exportMenu)} onClose={() => setExportMenu(null)}>
            <MenuItem onClick={() => void download('csv')} data-testid="charts-export-csv">
              {t('charts.exportCsv')}
            </MenuItem>
            <MenuItem onClick={() => void download('xlsx')} data-testid="charts-export-xlsx">
              {t('charts.exportXlsx')}
            </MenuItem>
          </Menu>
        </Stack>
      </Paper>
      {summary.error && badField !== 'to' && (
        <Typography color="error" data-testid="charts-error">
          {errorMessage(summary.error)}
        </Typography>
      )}
      {data && chart && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {data.rows.length ? (
            <Stack spacing={2}>
              <Suspense fallback={<Box sx={{ height: { xs: 280, md: 360 } }} />}>
                <SalesChart data={chart} amountLabel={t('charts.amount')} ordersLabel={t('charts.orders')} />
              </Suspense>
              <SalesTable summary={data} groupBy={data.groupBy} locale={locale} t={tAny} />
            </Stack>
          ) : (
            <EmptyState icon={<ShowChart />} text={t('charts.empty')} testId="charts-empty" />
          )}
        </Paper>
      )}
      {ordered && range.fromDate && range.toDate && (
        <TrafficSection shopId={shop._id} fromDate={range.fromDate} toDate={range.toDate} />
      )}
    </Stack>
  )
}
