import { useEffect, useState } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  useTheme
} from '@mui/material'
import { servicePaths, type ImportRun, type ImportTarget, type ImportTemplate, type LocaleId } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { errorMessage, errorStatus } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { rowsOf } from '../../lib/page-of'
import { shopQuery, useCurrentShopId } from '../../lib/shop'
import { ConfirmDialog } from '../editor/confirm-dialog'
import type { ResourceDefinition } from '../data-table/resource'
import { cancelRun, downloadErrors, startRun, uploadImport } from './import-api'
import { ImportChoose } from './import-choose'
import { useImportColumns } from './use-import-columns'
import { ImportPreview, problemText } from './import-preview'
import { ErrorSheetButtons, ImportProgress, ImportRunView } from './import-run-view'
import { hasWork, isRunning } from './import-view'
import { useImportRun } from './use-import-run'
import { useRecordNames } from './use-record-names'

interface ImportDialogProps {
  definition: ResourceDefinition
  /** The list it writes: the definition's path, one of the shared import targets. */
  target: ImportTarget
  /** The list's name, for the title. */
  listName: string
  onClose: () => void
}

/** What a refused request says: the server's key translated, a too-large file in words of its own. */
const refusal = (error: unknown, tooLarge: string) => (errorStatus(error) === 413 ? tooLarge : errorMessage(error))

/**
 * The import screen (spec §2.14, decision 0170): a template and a file, the preview of its dry run,
 * then the import as a job with its progress, cancel and end state. Each step waits for the server's run.
 */
export const ImportDialog = ({ definition, target, listName, onClose }: ImportDialogProps) => {
  const { t, language } = useListT()
  const theme = useTheme()
  const small = useMediaQuery(theme.breakpoints.down('sm'))
  const shop = useCurrentShopId()
  const [templates, setTemplates] = useState<ImportTemplate[] | undefined>()
  const [template, setTemplate] = useState('')
  const [uploading, setUploading] = useState('')
  const [error, setError] = useState('')
  const [ask, setAsk] = useState<'clear1' | 'clear2' | 'cancel' | undefined>()
  const [cancelling, setCancelling] = useState(false)
  const onError = (failure: unknown) => setError(refusal(failure, t('importScreen.tooLarge')))
  const preview = useImportRun(onError)
  const imported = useImportRun(onError)

  const columns = useImportColumns(definition)

  useEffect(() => {
    let live = true
    void loadClient()
      .then(({ client }) =>
        client.service(servicePaths.importTemplates).find({ query: shopQuery({ targetRoute: target, $limit: 100 }) })
      )
      .then((page) => live && setTemplates(rowsOf(page) as ImportTemplate[]))
      .catch(() => live && setTemplates([]))
    return () => {
      live = false
    }
  }, [target, shop])

  const chosen = templates?.find((item) => item._id === template)
  const run = preview.run
  const done = imported.run
  const names = useRecordNames(
    definition,
    run?.status === 'done' ? run.outcomes.map((outcome) => outcome.key ?? '') : [],
    language as LocaleId
  )

  const upload = async (file: File) => {
    setError('')
    setUploading(file.name)
    try {
      preview.start(await uploadImport({ shop: shop ?? '', target, columns, ...(template ? { template } : {}) }, file))
    } catch (failure) {
      onError(failure)
    } finally {
      setUploading('')
    }
  }
  const otherSheet = async (sheet: string) => {
    if (!run) return
    setError('')
    try {
      preview.start(await startRun(run._id, true, sheet))
    } catch (failure) {
      onError(failure)
    }
  }
  const runImport = async () => {
    if (!run) return
    setAsk(undefined)
    setError('')
    try {
      imported.start(await startRun(run._id, false))
    } catch (failure) {
      onError(failure)
    }
  }
  const importPressed = () => {
    if (chosen?.clearPrevious || (run?.counts.removed ?? 0) > 0) setAsk('clear1')
    else void runImport()
  }
  const cancel = async () => {
    if (!done) return
    setAsk(undefined)
    setCancelling(true)
    try {
      imported.start(await cancelRun(done._id))
    } catch (failure) {
      onError(failure)
    } finally {
      setCancelling(false)
    }
  }
  const errorSheet = (of: ImportRun, format: 'xlsx' | 'csv') => void downloadErrors(of._id, format, language).catch(onError)
  const back = () => {
    setError('')
    // A preview still running is stopped: nobody will read it.
    if (run && isRunning(run.status)) void cancelRun(run._id).catch(() => undefined)
    preview.clear()
  }

  const previewMoving = Boolean(run && isRunning(run.status))
  const importMoving = Boolean(done && isRunning(done.status))
  const removed = run?.counts.removed ?? 0

  let body
  let actions
  if (done) {
    const finished = !importMoving
    body = <ImportRunView run={done} />
    actions = finished ? (
      <>
        <ErrorSheetButtons run={done} onDownload={(format) => errorSheet(done, format)} />
        <Button variant="contained" onClick={onClose} data-testid="import-back-to-list">
          {t('importScreen.backToList')}
        </Button>
      </>
    ) : (
      <Button color="error" onClick={() => setAsk('cancel')} disabled={cancelling || done.cancel} data-testid="import-cancel">
        {cancelling || done.cancel ? t('importScreen.cancelling') : t('importScreen.cancel')}
      </Button>
    )
  } else if (run) {
    body = previewMoving ? (
      <ImportProgress run={run} label="importScreen.checking" />
    ) : run.status === 'done' ? (
      <ImportPreview run={run} columns={columns} names={names} onSheet={(sheet) => void otherSheet(sheet)} />
    ) : (
      <Alert severity="error" data-testid="import-preview-failed">
        {t('importScreen.previewFailed', { reason: run.problem ? problemText(run.problem) : t('error.generic') })}
      </Alert>
    )
    const nothing = run.status === 'done' && !hasWork(run.counts)
    actions = (
      <>
        <Button onClick={back} data-testid="import-back">
          {t('importScreen.back')}
        </Button>
        {run.status === 'done' && <ErrorSheetButtons run={run} onDownload={(format) => errorSheet(run, format)} />}
        <Button
          variant="contained"
          onClick={importPressed}
          disabled={run.status !== 'done' || nothing}
          title={nothing ? t('importScreen.nothingToDo') : undefined}
          data-testid="import-start"
        >
          {t('importScreen.import')}
        </Button>
      </>
    )
  } else {
    body = (
      <Stack spacing={2}>
        <ImportChoose
          templates={templates}
          template={template}
          onTemplate={setTemplate}
          onFile={(file) => void upload(file)}
          disabled={Boolean(uploading)}
        />
        {uploading && (
          <Stack spacing={1}>
            <LinearProgress data-testid="import-progress" />
            <Typography variant="body2">{t('importScreen.uploading', { name: uploading })}</Typography>
          </Stack>
        )}
      </Stack>
    )
    actions = (
      <Button onClick={onClose} data-testid="import-close">
        {t('importScreen.close')}
      </Button>
    )
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="lg"
      fullScreen={small}
      // A running import closes only through its own Cancel; the preview may be left at any time.
      onClose={importMoving ? undefined : onClose}
      data-testid="import-dialog"
    >
      <DialogTitle>{t('importScreen.title', { list: listName })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {body}
          {run?.status === 'done' && !done && !hasWork(run.counts) && (
            <Alert severity="info" data-testid="import-nothing">
              {t('importScreen.nothingToDo')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="import-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      <ConfirmDialog
        open={ask === 'clear1'}
        title={t('importScreen.clearTitle')}
        text={t('importScreen.clearFirst', { count: removed })}
        testId="import-clear-first"
        onClose={() => setAsk(undefined)}
        onConfirm={() => setAsk('clear2')}
      />
      <ConfirmDialog
        open={ask === 'clear2'}
        title={t('importScreen.clearTitle')}
        text={t('importScreen.clearSecond', { count: removed })}
        confirmText={t('importScreen.clearYes', { count: removed })}
        testId="import-clear-second"
        onClose={() => setAsk(undefined)}
        onConfirm={() => void runImport()}
      />
      <ConfirmDialog
        open={ask === 'cancel'}
        title={t('importScreen.cancelTitle')}
        text={t('importScreen.cancelText')}
        cancelText={t('importScreen.keepGoing')}
        confirmText={t('importScreen.cancel')}
        testId="import-cancel-confirm"
        onClose={() => setAsk(undefined)}
        onConfirm={() => void cancel()}
      />
    </Dialog>
  )
}
