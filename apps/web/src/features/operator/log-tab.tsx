import { useState } from 'react'
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography
} from '@mui/material'
import History from '@mui/icons-material/History'
import type { LocaleId, OperatorAction } from '@emporia/shared'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDate, formatDateTime } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'
import { LoadState } from './load-state'
import { PAGE_SIZE, useOperatorLog } from './operator-api'

type Translate = ReturnType<typeof useListT>['t']
type Key = Parameters<Translate>[0]

const fieldLabels: Record<string, Key> = {
  name: 'operator.plan.nameField',
  offer: 'operator.plan.offerField',
  priceMonthly: 'operator.plan.price',
  periodMonths: 'operator.plan.periodMonths',
  freeMonths: 'operator.plan.freeMonths',
  features: 'operator.plan.features',
  limits: 'operator.plan.limits',
  rank: 'operator.plan.rank',
  active: 'operator.plan.active'
}

/** What an entry changed, in a line: the trial's new end, the plan granted, the plan's changed fields. */
export const logDetails = (entry: OperatorAction, t: Translate, locale: LocaleId): string => {
  const details = entry.details as Record<string, unknown>
  switch (entry.action) {
    case 'extendTrial':
      return t('operator.log.extended', { days: Number(details.days), date: formatDate(details.trialEnd as string, locale) })
    case 'grantPlan':
      return t('operator.log.granted', {
        plan: String(details.plan),
        months: Number(details.months),
        date: formatDate(details.end as string, locale)
      })
    case 'createPlan':
      return String(details.code ?? '')
    default: {
      // A plan's patch: its code and the fields it changed, named as the editor names them.
      const { code, ...changed } = details
      const fields = Object.keys(changed).map((name) => (name in fieldLabels ? t(fieldLabels[name]) : name))
      return [String(code ?? ''), fields.join(locale === 'en' ? ', ' : '、')].filter(Boolean).join(': ')
    }
  }
}

/** The operator log, newest first, times in the reader's own time zone. */
export const LogTab = () => {
  const { t, language } = useListT()
  const locale = language as LocaleId
  const [page, setPage] = useState(0)
  const log = useOperatorLog(page)
  const rows = log.data?.data ?? []
  return (
    <Paper variant="outlined">
      <LoadState loading={log.isFetching} error={log.error} onRetry={() => void log.refetch()} testId="operator-log" />
      {log.data && !rows.length && <EmptyState icon={<History />} text={t('operator.log.empty')} testId="operator-log-empty" />}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" data-testid="operator-log">
            <TableHead>
              <TableRow>
                <TableCell>{t('operator.log.when')}</TableCell>
                <TableCell>{t('operator.log.operator')}</TableCell>
                <TableCell>{t('operator.log.action')}</TableCell>
                <TableCell>{t('operator.log.shop')}</TableCell>
                <TableCell>{t('operator.log.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry._id} data-testid="operator-log-row" data-action={entry.action}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt, locale)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{entry.operator}</TableCell>
                  <TableCell>{t(`operator.action.${entry.action}`)}</TableCell>
                  <TableCell>
                    {entry.shop ? (
                      <>
                        {entry.shopName || '-'}
                        <Typography variant="caption" color="text.secondary" component="div">
                          {entry.shop}
                        </Typography>
                      </>
                    ) : (
                      '-'
                    )}
                  </TableCell>
                  <TableCell>{logDetails(entry, t, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {log.data && log.data.total > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={log.data.total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
        />
      )}
    </Paper>
  )
}
