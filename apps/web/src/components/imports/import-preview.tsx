import { useMemo } from 'react'
import {
  Alert,
  Box,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import type { ExportColumn, ImportRun } from '@emporia/shared'
import { formatMoney } from '../../lib/format'
import { i18n } from '../../lib/i18n/i18n'
import { useListT } from '../../lib/i18n/lists'
import { diffRows, errorLines, summaryParts, type CellWords } from './import-view'

/** The server's reason in the merchant's language; its own words only for a key no message names yet. */
export const problemText = (problem: { key: string; message: string; values?: Record<string, string> }): string =>
  i18n.exists(problem.key) ? i18n.t(problem.key, problem.values ?? {}) : problem.message

/** "N new, M modified, K unchanged, E with errors" (and "R removed"), as one line. */
export const ImportSummary = ({ run }: { run: Pick<ImportRun, 'counts'> }) => {
  const { t } = useListT()
  const counts = Object.fromEntries(summaryParts(run.counts).map((part) => [part.key, part.count]))
  return (
    <Typography variant="h6" data-testid="import-summary">
      {t('importScreen.summary', counts)}
      {run.counts.removed !== undefined && <> · {t('importScreen.removed', { count: run.counts.removed })}</>}
    </Typography>
  )
}

interface ImportPreviewProps {
  run: ImportRun
  columns: ExportColumn[]
  /** The records' names by their keys (ids), where known. */
  names?: Record<string, string>
  onSheet: (sheet: string) => void
  busy?: boolean
}

/** The preview of a dry run (spec §2.14): its counts, the columns taken and left out, the diff and the errors. */
export const ImportPreview = ({ run, columns, names = {}, onSheet, busy }: ImportPreviewProps) => {
  const { t } = useListT()
  const words: CellWords = useMemo(
    () => ({ money: (cents) => formatMoney(cents), yes: t('importScreen.yes'), no: t('importScreen.no'), empty: '—' }),
    [t]
  )
  const diff = useMemo(() => diffRows(run.outcomes, columns, words), [run.outcomes, columns, words])
  const errors = useMemo(() => errorLines(run.errorRows, columns), [run.errorRows, columns])
  const listed = run.counts.new + run.counts.modified + run.counts.unchanged + run.counts.errors

  return (
    <Stack spacing={2} data-testid="import-preview">
      <ImportSummary run={run} />
      <Typography variant="body2" color="text.secondary">
        {t('importScreen.file', { name: run.fileName })}
      </Typography>
      {run.sheets.length > 1 && (
        <TextField
          select
          size="small"
          label={t('importScreen.sheet')}
          value={run.sheetName ?? run.sheets[0]}
          onChange={(event) => onSheet(event.target.value)}
          disabled={busy}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'import-sheet' } }}
        >
          {run.sheets.map((sheet) => (
            <MenuItem key={sheet} value={sheet} data-testid="import-sheet-option">
              {sheet}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box data-testid="import-columns">
        <Typography variant="subtitle2">{t('importScreen.taken', { count: run.mapped.length })}</Typography>
        {run.mapped.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.5 }}>
            {run.mapped.map((header) => (
              <Chip key={header} label={header} size="small" color="primary" variant="outlined" data-testid="import-mapped" />
            ))}
          </Stack>
        ) : (
          <Alert severity="warning">{t('importScreen.noneTaken')}</Alert>
        )}
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('importScreen.leftOut', { count: run.ignored.length })}
        </Typography>
        {run.ignored.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.5 }}>
            {run.ignored.map((header) => (
              <Chip key={header} label={header} size="small" data-testid="import-ignored" />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('importScreen.noneLeftOut')}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle1">{t('importScreen.changes')}</Typography>
        {diff.length ? (
          <TableContainer sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader data-testid="import-diff">
              <TableHead>
                <TableRow>
                  <TableCell>{t('importScreen.row')}</TableCell>
                  <TableCell>{t('importScreen.record')}</TableCell>
                  <TableCell>{t('importScreen.column')}</TableCell>
                  <TableCell>{t('importScreen.from')}</TableCell>
                  <TableCell>{t('importScreen.to')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {diff.map((row) => (
                  <TableRow key={row.id} data-testid="import-diff-row" data-action={row.action}>
                    <TableCell>{row.rows.join(', ')}</TableCell>
                    <TableCell data-testid="import-diff-record" data-key={row.key}>
                      {names[row.key] ?? row.key}
                      {row.item && ` · ${row.item}`}
                    </TableCell>
                    {row.action === 'new' ? (
                      <TableCell colSpan={3}>
                        <Chip size="small" color="success" label={t('importScreen.newRecord')} />
                      </TableCell>
                    ) : (
                      <>
                        <TableCell data-testid="import-diff-field">{row.header}</TableCell>
                        <TableCell data-testid="import-diff-from" sx={{ color: 'text.secondary' }}>
                          {row.from}
                        </TableCell>
                        <TableCell data-testid="import-diff-to" sx={{ fontWeight: 500 }}>
                          {row.to}
                        </TableCell>
                      </>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="import-no-changes">
            {t('importScreen.noChanges')}
          </Typography>
        )}
        {run.outcomes.length < listed && (
          <Typography variant="caption" color="text.secondary">
            {t('importScreen.firstOnly', { count: run.outcomes.length })}
          </Typography>
        )}
      </Box>
      {errors.length > 0 && <ImportErrors lines={errors} />}
    </Stack>
  )
}

/** The failed rows: sheet row, column and the translated reason. */
export const ImportErrors = ({ lines }: { lines: ReturnType<typeof errorLines> }) => {
  const { t } = useListT()
  return (
    <Box>
      <Typography variant="subtitle1" color="error">
        {t('importScreen.errors')}
      </Typography>
      <TableContainer sx={{ maxHeight: 280 }}>
        <Table size="small" stickyHeader data-testid="import-errors">
          <TableHead>
            <TableRow>
              <TableCell>{t('importScreen.row')}</TableCell>
              <TableCell>{t('importScreen.column')}</TableCell>
              <TableCell>{t('importScreen.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.id} data-testid="import-error-row">
                <TableCell>{line.row}</TableCell>
                <TableCell>{line.column}</TableCell>
                <TableCell data-testid="import-error-reason">{problemText(line)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  )
}
