import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Typography
} from '@mui/material'
import type { Query } from '@feathersjs/feathers'
import { errorMessage } from '../../lib/errors'
import { listT, useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { currentLanguage } from '../../lib/i18n/i18n'
import { exportColumns, runExport, watchExportProgress, type ExportFormat } from '../../lib/export-api'
import { exportAllColumns } from './export-all'
import type { ResourceDefinition } from './resource'

interface ExportDialogProps {
  open: boolean
  definition: ResourceDefinition
  /** The list's current query (filters and sort); the server streams every page of it. */
  query: Query
  fileName: string
  onClose: () => void
}

/** Export of the current query to CSV or XLSX with progress (spec §2.12): max width 400 px. */
export const ExportDialog = ({ open, definition, query, fileName, onClose }: ExportDialogProps) => {
  const { t } = useListT()
  const [format, setFormat] = useState<ExportFormat>('xlsx')
  const [scope, setScope] = useState<'shown' | 'all'>('shown')
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>()
  const [exportId, setExportId] = useState('')

  useEffect(() => (busy && exportId ? watchExportProgress(exportId, setProgress) : undefined), [busy, exportId])

  const start = async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
    setExportId(id)
    setProgress(undefined)
    setBusy(true)
    try {
      // The server pages by itself and resolves references to names: no window, no populated records.
      const { $limit: _limit, $skip: _skip, $cursor: _cursor, $populate: _populate, $select, ...rest } = query
      const all = scope === 'all'
      await runExport({
        path: definition.path,
        // Every field needs the whole record; the list's columns need only what it selects.
        query: all || !$select ? rest : { ...rest, $select },
        format,
        columns: all ? exportAllColumns(definition, listT) : exportColumns(definition.columns, listT),
        locale: currentLanguage(),
        fileName,
        exportId: id,
        ...(all && definition.exportRows ? { rows: definition.exportRows } : {})
      })
      notifySuccess(t('export.done'))
      onClose()
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 400 } } }}
      data-testid="export-dialog"
    >
      <DialogTitle>{t('export.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {t('export.format')}
        </Typography>
        <RadioGroup value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)} row>
          <FormControlLabel value="xlsx" control={<Radio data-testid="export-xlsx" />} label={t('export.xlsx')} />
          <FormControlLabel value="csv" control={<Radio data-testid="export-csv" />} label={t('export.csv')} />
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('export.columns')}
        </Typography>
        <RadioGroup value={scope} onChange={(event) => setScope(event.target.value as 'shown' | 'all')}>
          <FormControlLabel value="shown" control={<Radio data-testid="export-shown" />} label={t('export.shown')} />
          <FormControlLabel value="all" control={<Radio data-testid="export-all" />} label={t('export.all')} />
        </RadioGroup>
        {busy && (
          <>
            <LinearProgress
              data-testid="export-progress"
              variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
              value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : undefined}
              sx={{ mt: 2 }}
            />
            {progress && (
              <Typography variant="caption" data-testid="export-progress-text">
                {t('export.progress', progress)}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void start()} disabled={busy} data-testid="export-start">
          {t('export.start')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
