import { Button, Paper, Stack, Typography } from '@mui/material'
import Refresh from '@mui/icons-material/Refresh'
import WorkHistory from '@mui/icons-material/WorkHistory'
import type { JobFailure, JobQueueStatus, LocaleId } from '@emporia/shared'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDateTime } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'
import { LoadState } from './load-state'
import { useOperatorJobs } from './operator-api'
import { RowList, type RowColumn } from './row-list'

type Translate = ReturnType<typeof useListT>['t']
type Key = Parameters<Translate>[0]

/** A queue by its translated name; one this screen does not know by its own. */
const queueName = (name: string, t: Translate) => {
  const key = `operator.jobs.q.${name}` as Key
  const text = t(key)
  return text === key ? name : text
}

/** The job queue for the operator (decision 0145): each queue's jobs by state, then the latest failures. */
export const JobsTab = () => {
  const { t, language } = useListT()
  const locale = language as LocaleId
  const jobs = useOperatorJobs()
  const queues = jobs.data?.queues ?? []
  const failures = jobs.data?.failures ?? []
  const count = (key: 'queued' | 'running' | 'completed' | 'failed' | 'retried'): RowColumn<JobQueueStatus> => ({
    key,
    label: t(`operator.jobs.${key}`),
    align: 'right',
    cell: (queue) => queue[key].toLocaleString(locale === 'en' ? 'en' : 'zh')
  })
  const queueColumns: RowColumn<JobQueueStatus>[] = [
    { key: 'queue', label: t('operator.jobs.queue'), cell: (queue) => queueName(queue.name, t) },
    count('queued'),
    count('running'),
    count('completed'),
    count('failed'),
    count('retried')
  ]
  const failureColumns: RowColumn<JobFailure>[] = [
    { key: 'when', label: t('operator.jobs.when'), nowrap: true, cell: (job) => formatDateTime(job.failedAt, locale) },
    { key: 'queue', label: t('operator.jobs.queue'), cell: (job) => queueName(job.name, t) },
    { key: 'tries', label: t('operator.jobs.tries'), align: 'right', cell: (job) => String(job.retries + 1) },
    { key: 'error', label: t('operator.jobs.error'), cell: (job) => job.error }
  ]
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('operator.jobs.hint')}
        </Typography>
        <Button size="small" startIcon={<Refresh />} onClick={() => void jobs.refetch()} data-testid="operator-jobs-refresh">
          {t('operator.jobs.refresh')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <LoadState loading={jobs.isFetching} error={jobs.error} onRetry={() => void jobs.refetch()} testId="operator-jobs" />
        {jobs.data && !queues.length && (
          <EmptyState icon={<WorkHistory />} text={t('operator.jobs.empty')} testId="operator-jobs-empty" />
        )}
        {queues.length > 0 && (
          <RowList
            rows={queues}
            columns={queueColumns}
            rowKey={(queue) => queue.name}
            rowData={(queue) => ({ 'data-queue': queue.name })}
            testId="operator-jobs"
          />
        )}
      </Paper>
      <Typography variant="subtitle1">{t('operator.jobs.failures')}</Typography>
      <Paper variant="outlined">
        {jobs.data && !failures.length && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="operator-jobs-no-failures">
            {t('operator.jobs.noFailures')}
          </Typography>
        )}
        {failures.length > 0 && (
          <RowList
            rows={failures}
            columns={failureColumns}
            rowKey={(job) => job.id}
            rowData={(job) => ({ 'data-queue': job.name })}
            testId="operator-jobs-failures"
          />
        )}
      </Paper>
    </Stack>
  )
}
