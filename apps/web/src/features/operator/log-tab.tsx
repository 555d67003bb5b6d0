import { useState } from 'react'
import { Paper, TablePagination, Typography } from '@mui/material'
import History from '@mui/icons-material/History'
import type { LocaleId, OperatorAction } from '@emporia/shared'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDate, formatDateTime } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'
import { LoadState } from './load-state'
import { PAGE_SIZE, useOperatorLog } from './operator-api'
import { RowList, type RowColumn } from './row-list'

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
  const columns: RowColumn<OperatorAction>[] = [
    { key: 'when', label: t('operator.log.when'), nowrap: true, cell: (entry) => formatDateTime(entry.createdAt, locale) },
    { key: 'operator', label: t('operator.log.operator'), cell: (entry) => entry.operator },
    { key: 'action', label: t('operator.log.action'), cell: (entry) => t(`operator.action.${entry.action}`) },
    {
      key: 'shop',
      label: t('operator.log.shop'),
      cell: (entry) =>
        entry.shop ? (
          <>
            {entry.shopName || '-'}
            <Typography variant="caption" color="text.secondary" component="div">
              {entry.shop}
            </Typography>
          </>
        ) : (
          '-'
        )
    },
    { key: 'details', label: t('operator.log.details'), cell: (entry) => logDetails(entry, t, locale) }
  ]
  return (
    <Paper variant="outlined">
      <LoadState loading={log.isFetching} error={log.error} onRetry={() => void log.refetch()} testId="operator-log" />
      {log.data && !rows.length && <EmptyState icon={<History />} text={t('operator.log.empty')} testId="operator-log-empty" />}
      {rows.length > 0 && (
        <RowList
          rows={rows}
          columns={columns}
          rowKey={(entry) => entry._id}
          rowData={(entry) => ({ 'data-action': entry.action })}
          testId="operator-log"
        />
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
