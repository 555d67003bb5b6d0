import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography
} from '@mui/material'
import Download from '@mui/icons-material/Download'
import HourglassEmpty from '@mui/icons-material/HourglassEmpty'
import { ageingBuckets, servicePaths, type SubsequentOrderType } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { shopApi } from '../../lib/resource-client'
import { shopToday } from '../../lib/sales-summary'
import { useCurrentShop, useCurrentShopId } from '../../lib/shop'
import { ageingCsv } from './ageing-csv'

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/

/** The overdue orders of a kind: its list filtered by the "Overdue only" search. */
const overdueLink = (type: SubsequentOrderType) => {
  const key = type === 'sell' ? 'bulkOrders' : 'purchasingOrders'
  return `/${key}?${key}=${encodeURIComponent(JSON.stringify({ currentFilter: { overdue: true } }))}`
}

const useAgeing = (type: SubsequentOrderType, asOf: string) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.subsequentAgeing, 'find', { type, asOf, shop }],
    enabled: Boolean(shop && DAY_RE.test(asOf)),
    retry: false,
    queryFn: () => shopApi(servicePaths.subsequentAgeing).find({ type, asOf })
  })
}

/**
 * Receivables (bulk orders) and payables (purchasing orders) by age (spec §3.11; decision 0085):
 * per company, what is not yet due and what is 0–30, 31–60, 61–90 and over 90 days past due, as of a
 * day of the shop's calendar, with totals, a CSV and the way to the overdue orders.
 */
export const AgeingPage = () => {
  const { t } = useListT()
  const shop = useCurrentShop(true)
  const [type, setType] = useState<SubsequentOrderType>('sell')
  const [asOf, setAsOf] = useState(() => shopToday(shop))
  const report = useAgeing(type, asOf)
  const data = report.data
  const bucketLabels = ageingBuckets.map((bucket) => t(`ageing.${bucket}`))
  const download = () => {
    if (!data) return
    const csv = ageingCsv(data, {
      company: t('ageing.company'),
      orders: t('ageing.orders'),
      buckets: bucketLabels,
      total: t('ageing.total'),
      totals: t('ageing.totals')
    })
    const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `ageing-${type === 'sell' ? 'receivables' : 'payables'}-${data.asOf}.csv`
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <Stack spacing={2} data-testid="ageing">
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={type}
            onChange={(_, next: SubsequentOrderType | null) => next && setType(next)}
          >
            <ToggleButton value="sell" data-testid="ageing-sell">
              {t('ageing.receivables')}
            </ToggleButton>
            <ToggleButton value="buy" data-testid="ageing-buy">
              {t('ageing.payables')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            type="date"
            size="small"
            label={t('ageing.asOf')}
            value={asOf}
            onChange={(event) => setAsOf(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ageing-asOf' } }}
          />
          <Box sx={{ flex: 1 }} />
          <Button component={AppLink} href={overdueLink(type)} data-testid="ageing-overdue">
            {t('ageing.overdueList')}
          </Button>
          <Button startIcon={<Download />} disabled={!data?.rows.length} onClick={download} data-testid="ageing-csv">
            {t('ageing.exportCsv')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('ageing.explain')}
        </Typography>
      </Paper>
      <Paper sx={{ overflowX: 'auto' }}>
        {report.isLoading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress />
          </Box>
        ) : report.isError ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="ageing-error">
            {t('ageing.failed')}
          </Alert>
        ) : !data?.rows.length ? (
          <EmptyState icon={<HourglassEmpty />} text={t('ageing.empty')} testId="ageing-empty" />
        ) : (
          <Table size="small" data-testid="ageing-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('ageing.company')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('ageing.orders')}
                </TableCell>
                {bucketLabels.map((label) => (
                  <TableCell key={label} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {label}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('ageing.total')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.user} data-testid="ageing-row" hover>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right">{row.orders}</TableCell>
                  {ageingBuckets.map((bucket) => (
                    <TableCell
                      key={bucket}
                      align="right"
                      sx={{ color: bucket !== 'notDue' && row[bucket] > 0 ? 'error.main' : undefined }}
                      data-testid={`ageing-${bucket}`}
                    >
                      {formatMoney(row[bucket])}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="ageing-total">
                    {formatMoney(row.total)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow data-testid="ageing-totals" sx={{ '& td': { fontWeight: 600, borderTop: 2, borderColor: 'divider' } }}>
                <TableCell>{t('ageing.totals')}</TableCell>
                <TableCell align="right">{data.rows.reduce((sum, row) => sum + row.orders, 0)}</TableCell>
                {ageingBuckets.map((bucket) => (
                  <TableCell key={bucket} align="right">
                    {formatMoney(data.totals[bucket])}
                  </TableCell>
                ))}
                <TableCell align="right">{formatMoney(data.totals.total)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </Paper>
    </Stack>
  )
}
