import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material'
import type { LocaleId, SalesSummary, SummaryGroupBy } from '@emporia/shared'
import { formatMoney } from '../../lib/format/money'
import type { Translate } from '../../lib/i18n/translatable'
import { dimLabel, keyLabel } from './chart-data'

interface SalesTableProps {
  summary: SalesSummary
  groupBy: SummaryGroupBy
  locale: LocaleId
  t: Translate
}

/** The chart's numbers as a table: one row per bucket (and method or category), the totals last. */
export const SalesTable = ({ summary, groupBy, locale, t }: SalesTableProps) => {
  const split = summary.by !== 'total'
  const number = (value: number | undefined) => (value ?? 0).toLocaleString(locale === 'en' ? 'en' : 'zh-HK')
  return (
    <TableContainer sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader data-testid="sales-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('charts.period')}</TableCell>
            {split && <TableCell>{t(`charts.by.${summary.by}`)}</TableCell>}
            <TableCell align="right">{t('charts.amount')}</TableCell>
            <TableCell align="right">{t('charts.orders')}</TableCell>
            <TableCell align="right">{t('charts.quantity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.rows.map((row) => (
            <TableRow key={`${row.key}|${row.dim ?? ''}`} data-testid="sales-row" data-key={row.key} data-dim={row.dim}>
              <TableCell>{keyLabel(groupBy, row.key, locale)}</TableCell>
              {split && <TableCell>{dimLabel(summary.by, row.dim, summary.names, locale, t)}</TableCell>}
              <TableCell align="right" data-testid="sales-amount">
                {formatMoney(row.amount)}
              </TableCell>
              <TableCell align="right" data-testid="sales-orders">
                {number(row.orders)}
              </TableCell>
              <TableCell align="right">{number(row.quantity)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="sales-total">
            <TableCell colSpan={split ? 2 : 1}>{t('charts.total')}</TableCell>
            <TableCell align="right" data-testid="sales-total-amount">
              {formatMoney(summary.totals.amount)}
            </TableCell>
            <TableCell align="right" data-testid="sales-total-orders">
              {number(summary.totals.orders)}
            </TableCell>
            <TableCell align="right">{number(summary.totals.quantity)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  )
}
