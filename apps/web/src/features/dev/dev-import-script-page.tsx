import { useMemo, useState } from 'react'
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import { servicePaths, type ImportTarget } from '@emporia/shared'
import type { ResourceDefinition } from '../../components/data-table/resource'
import { uploadImport } from '../../components/imports/import-api'
import { useImportColumns } from '../../components/imports/use-import-columns'
import { ImportSummary, problemText } from '../../components/imports/import-preview'
import { isRunning, SPREADSHEET_ACCEPT } from '../../components/imports/import-view'
import { useImportRun } from '../../components/imports/use-import-run'
import { NotFoundPage } from '../../components/ui/error-page'
import { loadClient } from '../../lib/client'
import { errorMessage } from '../../lib/errors'
import { useLoadedFeatures } from '../../lib/features'
import { useListT } from '../../lib/i18n/lists'
import { shopQuery, useCurrentShopId } from '../../lib/shop'
import { DevPagesMenu } from './dev-pages-menu'
import { SAMPLE_SCRIPT, scriptRows } from './import-script-view'

interface ImportScriptPageProps {
  /** The list the script imports into, as its import screen describes it (the app passes the products'). */
  definition: ResourceDefinition & { path: ImportTarget }
}

const actionColor = { new: 'success', modified: 'info', error: 'error' } as const

/**
 * Developer page `emporia/importWithScript` (spec §2.2, decision 0171): a script over each row of a sheet,
 * tried on a file (the preview of a real dry run through it) and saved as an import template.
 */
export const ImportScriptPage = ({ definition }: ImportScriptPageProps) => {
  const features = useLoadedFeatures()
  const { t } = useListT()
  const shop = useCurrentShopId()
  const [name, setName] = useState('Script import')
  const [headerRow, setHeaderRow] = useState('1')
  const [dataStartRow, setDataStartRow] = useState('2')
  const [script, setScript] = useState(SAMPLE_SCRIPT)
  const [file, setFile] = useState<File | undefined>()
  const [template, setTemplate] = useState<string | undefined>()
  const [saved, setSaved] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const preview = useImportRun((failure) => setError(errorMessage(failure)))
  const columns = useImportColumns(definition)
  const run = preview.run
  const rows = useMemo(() => (run?.status === 'done' ? scriptRows(run) : []), [run])
  if (!features) return null
  if (!features.devTools) return <NotFoundPage />

  /** Creates the template the first time, then changes it: the preview runs what is saved. */
  const save = async () => {
    const { client } = await loadClient()
    const service = client.service(servicePaths.importTemplates)
    const data = {
      name,
      targetRoute: definition.path,
      headerRow: Number(headerRow),
      dataStartRow: Number(dataStartRow),
      mappings: [],
      script
    }
    const record = (
      template ? await service.patch(template, data, { query: shopQuery() }) : await service.create(data, { query: shopQuery() })
    ) as { _id: string }
    setTemplate(record._id)
    setSaved(t('devImportScript.saved', { name }))
    return record._id
  }
  const act = async (withPreview: boolean) => {
    setError('')
    setSaved('')
    setBusy(true)
    try {
      const id = await save()
      if (withPreview && file)
        preview.start(await uploadImport({ shop: shop ?? '', target: definition.path, columns, template: id }, file))
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  const moving = busy || (run ? isRunning(run.status) : false)

  return (
    <Card variant="outlined" sx={{ maxWidth: 960 }}>
      <CardContent>
        <DevPagesMenu />
        <Typography sx={{ mb: 2 }}>{t('devImportScript.intro')}</Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('devImportScript.name')} value={name} onChange={(event) => setName(event.target.value)} />
            <TextField
              label={t('devImportScript.headerRow')}
              type="number"
              value={headerRow}
              onChange={(event) => setHeaderRow(event.target.value)}
            />
            <TextField
              label={t('devImportScript.dataStartRow')}
              type="number"
              value={dataStartRow}
              onChange={(event) => setDataStartRow(event.target.value)}
            />
          </Stack>
          <TextField
            label={t('devImportScript.script')}
            multiline
            minRows={8}
            value={script}
            onChange={(event) => setScript(event.target.value)}
            slotProps={{
              htmlInput: { spellCheck: false, 'data-testid': 'import-script' },
              input: { sx: { fontFamily: 'monospace' } }
            }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined">
              {t('devImportScript.file')}
              <input
                hidden
                type="file"
                accept={SPREADSHEET_ACCEPT}
                data-testid="import-script-file"
                onChange={(event) => setFile(event.target.files?.[0])}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file?.name ?? t('devImportScript.noFile')}
            </Typography>
            <Button
              variant="contained"
              disabled={moving || !file}
              onClick={() => void act(true)}
              data-testid="import-script-preview"
            >
              {t('devImportScript.preview')}
            </Button>
            <Button disabled={moving} onClick={() => void act(false)} data-testid="import-script-save">
              {t('devImportScript.save')}
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" data-testid="import-script-error">
              {error}
            </Alert>
          )}
          {saved && <Alert severity="success">{saved}</Alert>}
          {run && isRunning(run.status) && (
            <>
              <Typography variant="body2">{t('devImportScript.previewing')}</Typography>
              <LinearProgress />
            </>
          )}
          {run?.problem && <Alert severity="error">{problemText(run.problem)}</Alert>}
          {run && run.status === 'done' && (
            <Stack spacing={1} data-testid="import-script-results">
              <ImportSummary run={run} />
              <Typography variant="subtitle1">{t('devImportScript.rows')}</Typography>
              {rows.length ? (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('devImportScript.row')}</TableCell>
                      <TableCell />
                      <TableCell>{t('devImportScript.fields')}</TableCell>
                      <TableCell>{t('devImportScript.reasons')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={`${row.row}-${row.action}`} data-testid="import-script-row" data-action={row.action}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell>
                          <Chip size="small" color={actionColor[row.action]} label={t(`devImportScript.${row.action}`)} />
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>{row.fields.join('\n')}</TableCell>
                        <TableCell>{row.problems.map((problem) => problemText(problem)).join('; ')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('devImportScript.none')}
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
