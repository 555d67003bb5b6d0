import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material'
import type { ImportRun, LocaleId } from '@emporia/shared'
import { formatDateTime } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { ImportSummary, problemText } from './import-preview'
import { isRunning, progressPercent } from './import-view'

/** A run's progress bar: records done of the total, indeterminate while the file is still being read. */
export const ImportProgress = ({ run, label }: { run: ImportRun; label: 'importScreen.checking' | 'importScreen.importing' }) => {
  const { t } = useListT()
  const percent = progressPercent(run)
  return (
    <Stack spacing={1}>
      <LinearProgress
        data-testid="import-progress"
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
      />
      <Typography variant="body2" data-testid="import-progress-text">
        {run.total ? t(label, { records: run.records, total: run.total }) : t('importScreen.reading')}
      </Typography>
    </Stack>
  )
}

/** The error sheet of a run with failed rows, as XLSX or CSV. */
export const ErrorSheetButtons = ({ run, onDownload }: { run: ImportRun; onDownload: (format: 'xlsx' | 'csv') => void }) => {
  const { t } = useListT()
  if (run.counts.errors === 0) return null
  return (
    <>
      <Button onClick={() => onDownload('xlsx')} data-testid="import-errors-xlsx">
        {t('importScreen.errorSheetXlsx')}
      </Button>
      <Button onClick={() => onDownload('csv')} data-testid="import-errors-csv">
        {t('importScreen.errorSheetCsv')}
      </Button>
    </>
  )
}

/** The import itself: its progress while it runs, then its counts and how it ended (done, cancelled, failed). */
export const ImportRunView = ({ run }: { run: ImportRun }) => {
  const { t, language } = useListT()
  const finished = !isRunning(run.status)
  return (
    <Stack spacing={2} data-testid="import-run" data-status={run.status}>
      {finished ? <ImportSummary run={run} /> : <ImportProgress run={run} label="importScreen.importing" />}
      {run.status === 'done' && <Alert severity="success">{t('importScreen.done')}</Alert>}
      {run.status === 'cancelled' && <Alert severity="info">{t('importScreen.cancelled')}</Alert>}
      {run.status === 'failed' && (
        <Alert severity="error">
          {t('importScreen.failed', { reason: run.problem ? problemText(run.problem) : t('error.generic') })}
        </Alert>
      )}
      {finished && run.finishedAt && (
        <Typography variant="body2" color="text.secondary">
          {t('importScreen.finishedAt', { date: formatDateTime(run.finishedAt, language as LocaleId) })}
        </Typography>
      )}
    </Stack>
  )
}
