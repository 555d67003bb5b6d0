import type { ListServicePath } from '@emporia/shared'
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Typography
} from '@mui/material'
import Close from '@mui/icons-material/Close'
import { errorMessage } from '../../lib/errors'
import { useDelayedLoading } from '../../lib/loading-delay'
import { i18n } from '../../lib/i18n/i18n'
import { cloneValues, normalizeValues, pickFields, type Values } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { usePhone } from '../../lib/phone'
import { queryKeys } from '../../lib/query-keys'
import { resourceApi, type Row } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import type { LocalDefinition, ResourceDefinition } from '../data-table/resource'
import { ConfirmDialog } from './confirm-dialog'
import { editorSize } from './editor-size'
import { groupSections } from './editor-sections'
import { UnsavedDialog } from './unsaved-dialog'
import { FormFieldInput } from './form-field-input'
import { placeServerErrors } from './server-errors'
import { useEditorForm } from './use-editor-form'
import { useLeaveGuard } from './use-leave-guard'

interface EditorDialogProps {
  definition: ResourceDefinition | LocalDefinition
  /** "new", a record id, or "clone:{id}" (a new record prefilled from that one). */
  editor: string
  onClose: () => void
  /** Where records are read and written; the resource's service by default (nested tables pass their own). */
  store?: EditorStore
}

export interface EditorStore {
  get: (id: string) => Promise<Row>
  create: (data: Values) => Promise<unknown>
  update: (id: string, data: Values) => Promise<unknown>
  remove: (id: string) => Promise<unknown>
}

const serviceStore = (path: ListServicePath): EditorStore => {
  const api = resourceApi(path)
  return {
    get: (id) => api.get(id),
    create: (data) => api.create(data),
    update: (id, data) => api.patch(id, data),
    remove: (id) => api.remove(id)
  }
}

/** Without a store of its own, an editor reads and writes its resource's service. */
const storeOf = (definition: ResourceDefinition | LocalDefinition, store: EditorStore | undefined): EditorStore => {
  if (store) return store
  if (!definition.path) throw new Error('An editor over no service needs a store')
  return serviceStore(definition.path)
}

const parseEditor = (editor: string) =>
  editor === 'new'
    ? { mode: 'new' as const }
    : editor.startsWith('clone:')
      ? { mode: 'clone' as const, id: editor.slice(6) }
      : { mode: 'edit' as const, id: editor }

/**
 * The create / edit dialog of a resource, nearly full-screen (spec §5.1, §2.12) unless its form is a few
 * simple fields, which get a small dialog (decision 0161); full-screen on a phone. It saves only
 * when the form validates, a failure becomes an error snackbar, success says "Save Success!".
 */
export const EditorDialog = ({ definition, editor, onClose, store }: EditorDialogProps) => {
  const { t, language } = useListT()
  const queryClient = useQueryClient()
  const shop = useCurrentShopId()
  const target = parseEditor(editor)
  const api = storeOf(definition, store)
  const form = useEditorForm(definition.fields, definition.defaults?.() ?? {}, definition.schema)
  const [record, setRecord] = useState<Row | undefined>()
  const [loading, setLoading] = useState(target.mode !== 'new')
  // The record's spinner only once its fetch has lasted 200 ms, then for 200 ms at least (decision 0187).
  const spinner = useDelayedLoading(loading)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const { reset } = form
  const guard = useLeaveGuard(form.dirty, onClose)
  const phone = usePhone()
  const small = editorSize(definition.fields) === 'small'

  useEffect(() => {
    if (target.mode === 'new' || !shop) return
    let cancelled = false
    api
      .get(target.id)
      .then((row) => {
        if (cancelled) return
        setRecord(target.mode === 'edit' ? row : undefined)
        const copy = () => {
          const values = cloneValues(row, definition.fields)
          return definition.prepareClone ? definition.prepareClone(values) : values
        }
        reset(target.mode === 'edit' ? pickFields(row, definition.fields) : copy())
      })
      .catch((error: unknown) => {
        if (cancelled) return
        notifyError(errorMessage(error))
        guard.close()
      })
      .finally(() => !cancelled && setLoading(false))
    return () => {
      cancelled = true
    }
    // The record is loaded once per opened editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, shop])

  const done = (message: string) => {
    notifySuccess(message)
    if (definition.path) void queryClient.invalidateQueries({ queryKey: queryKeys.finds(definition.path) })
    guard.close()
  }

  const save = async () => {
    if (busy || !form.validate()) return
    setBusy(true)
    try {
      // Create-only fields stay as they were once the record exists.
      const fields = record ? definition.fields.filter((field) => !field.createOnly) : definition.fields
      const normalized: Values = normalizeValues(fields, form.values)
      const data = definition.prepare ? definition.prepare(normalized, record) : normalized
      if (record) await api.update(String(record[definition.itemKey ?? '_id']), data)
      else {
        const created = await api.create(data)
        if (definition.showCreated && created && typeof created === 'object' && !Array.isArray(created)) {
          // The new record is now the one being edited: its server-made fields show, the list refreshes.
          setRecord(created as Row)
          reset(pickFields(created as Row, definition.fields))
          notifySuccess(t('editor.saved'))
          if (definition.path) void queryClient.invalidateQueries({ queryKey: queryKeys.finds(definition.path) })
          return
        }
      }
      done(t('editor.saved'))
    } catch (error) {
      // Each refused field shows its message under itself; the snackbar says what no field can show.
      const translate = (key: string, values?: Record<string, unknown>) =>
        i18n.exists(key) ? i18n.t(key, values ?? {}) : undefined
      const placed = placeServerErrors(error, shownFields, translate, errorMessage(error))
      form.setServerErrors(placed.fields)
      const placedAny = Object.keys(placed.fields).length > 0
      notifyError(placed.others.length ? placed.others.join('; ') : placedAny ? t('editor.checkFields') : errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setConfirming(false)
    if (!record) return
    setBusy(true)
    try {
      await api.remove(String(record[definition.itemKey ?? '_id']))
      done(t('editor.deleted'))
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const shownFields = definition.fields.filter((field) => !field.hidden?.(form.values))
  // Always called (a definition does not change while its editor is open), so the hook order holds.
  const lockedField = definition.useLockedFields?.(record)
  const canRemove = record && !definition.flags?.noRemove && (definition.checkRemove?.(record, shop) ?? true)
  const readOnly = record && definition.checkWrite && !definition.checkWrite(record, shop)
  const sectioned = Boolean(definition.sections?.length)
  const columns = small ? '1fr' : { xs: '1fr', md: '1fr 1fr' }
  const fieldBox = (field: (typeof shownFields)[number]) => (
    <Box
      key={field.name}
      sx={{ gridColumn: field.wide || field.type === 'richtext' || field.type === 'list' ? '1 / -1' : undefined }}
    >
      <Box
        component="fieldset"
        disabled={Boolean(record && field.createOnly) || Boolean(lockedField?.(field))}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0, '&:disabled': { opacity: 0.7, pointerEvents: 'none' } }}
      >
        <FormFieldInput form={form} field={field} testId={`field-${field.name}`} record={record} />
      </Box>
    </Box>
  )
  return (
    <Dialog
      open
      onClose={guard.requestClose}
      fullWidth
      maxWidth={small ? 'sm' : false}
      fullScreen={phone && !small}
      slotProps={{ paper: { sx: small || phone ? {} : { width: '95vw', height: '92vh', maxWidth: 1400 } } }}
      data-testid="editor-dialog"
      data-mode={target.mode}
      data-size={small ? 'small' : 'large'}
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }} data-testid="editor-title">
          {`${t(record ? 'editor.edit' : 'editor.new')} ${t(definition.name)}`}
          {record && definition.recordTitle && `: ${definition.recordTitle(record, language)}`}
        </Box>
        <IconButton aria-label={t('editor.close')} onClick={guard.requestClose} data-testid="editor-close">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {loading ? (
          <Stack sx={{ py: 6, alignItems: 'center', minHeight: 136 }} data-testid="editor-loading">
            {spinner && <CircularProgress />}
          </Stack>
        ) : (
          <Box
            component="form"
            noValidate
            data-testid="editor-form"
            onSubmit={(event) => {
              event.preventDefault()
              void save()
            }}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: sectioned ? '1fr' : columns, pt: 1 }}
          >
            {/* Without sections the form is the one grid it always was. */}
            {!sectioned && shownFields.map(fieldBox)}
            {sectioned &&
              groupSections(shownFields, definition.sections).map((card) => (
                <Paper
                  key={card.key}
                  variant="outlined"
                  sx={{ p: 2 }}
                  component="section"
                  data-testid={`editor-section-${card.key}`}
                >
                  {card.title && (
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
                      {t(card.title)}
                    </Typography>
                  )}
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>{card.fields.map(fieldBox)}</Box>
                </Paper>
              ))}
            <button type="submit" hidden />
          </Box>
        )}
      </DialogContent>
      {/* The save bar stays in view below the scrolling form (sections make long forms). */}
      <DialogActions sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', zIndex: 1 }} data-dirty={form.dirty}>
        {canRemove && (
          <Button
            color="error"
            onClick={() => setConfirming(true)}
            disabled={busy}
            data-testid="editor-delete"
            sx={{ mr: 'auto' }}
          >
            {t('editor.delete')}
          </Button>
        )}
        <Button onClick={guard.requestClose} data-testid="editor-cancel">
          {t('editor.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || loading || Boolean(readOnly)}
          data-testid="editor-save"
        >
          {t('editor.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        text={t('editor.deleteConfirm')}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
      <UnsavedDialog guard={guard} />
    </Dialog>
  )
}
