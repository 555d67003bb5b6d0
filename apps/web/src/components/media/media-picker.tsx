import { useState, type DragEvent } from 'react'
import { Box, FormHelperText, IconButton, LinearProgress, Stack, TextField, Typography } from '@mui/material'
import Close from '@mui/icons-material/Close'
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { parseVideoLink } from '../../lib/video-link'
import type { FieldProps } from '../fields/field-types'
import { thumbUrl, uploadFile, type Attachment } from './media-api'
import { MediaLibraryDialog } from './media-library-dialog'

interface MediaRef {
  type?: string
  attachment?: string | { id: string; path?: string }
  src?: string
  thumb?: string
  width?: number
  height?: number
  link?: string
}

const previewOf = (value: MediaRef | null | undefined) => {
  if (!value) return undefined
  const id = typeof value.attachment === 'string' ? value.attachment : value.attachment?.id
  return id ? thumbUrl(id) : value.src
}

const usePicker = (accept: string, onPicked: (attachment: Attachment) => void) => {
  const [open, setOpen] = useState(false)
  const [progress, setProgress] = useState<number | undefined>()
  // Spec §2.11: a drop accepts only the picker's type, and only the first file.
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    const file = event.dataTransfer.files[0]
    if (!file || !file.type.startsWith(accept.replace('*', ''))) return
    setProgress(0)
    uploadFile(file, setProgress)
      .then(onPicked)
      .catch((error: unknown) => notifyError(errorMessage(error)))
      .finally(() => setProgress(undefined))
  }
  return { open, setOpen, progress, onDrop }
}

/** A picker's message under it, as a text field shows its helper text. */
const FieldMessage = ({ error, testId }: { error?: string; testId: string }) =>
  error ? (
    <FormHelperText error data-testid={`${testId}-error`}>
      {error}
    </FormHelperText>
  ) : null

/** Image picker (spec §2.11): 250×150, or 50×50 in mini mode; stores an imageRef. */
export const ImagePicker = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const mini = field.type === 'image' && field.mini
  const picked = (a: Attachment) =>
    onChange({
      type: 'attachment',
      attachment: a._id,
      ...(a.width ? { width: a.width } : {}),
      ...(a.height ? { height: a.height } : {})
    })
  const picker = usePicker('image/*', picked)
  const src = previewOf(value as MediaRef)
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Box
        onClick={() => picker.setOpen(true)}
        onDragOver={(event) => event.preventDefault()}
        onDrop={picker.onDrop}
        data-testid={`${testId}-box`}
        sx={{
          position: 'relative',
          width: mini ? 50 : 250,
          height: mini ? 50 : 150,
          border: 1,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          cursor: 'pointer',
          overflow: 'hidden'
        }}
      >
        {src ? (
          <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : (
          <AddPhotoAlternate color="action" />
        )}
        {src && (
          <IconButton
            size="small"
            aria-label={t('field.clear')}
            onClick={(event) => {
              event.stopPropagation()
              onChange(null)
            }}
            sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}
          >
            <Close fontSize="small" />
          </IconButton>
        )}
      </Box>
      {picker.progress !== undefined && (
        <LinearProgress variant="determinate" value={picker.progress * 100} sx={{ width: mini ? 50 : 250 }} />
      )}
      <FieldMessage error={error} testId={testId} />
      {picker.open && (
        <MediaLibraryDialog
          open
          accept="image/*"
          onClose={() => picker.setOpen(false)}
          onSelect={(a) => {
            picked(a)
            picker.setOpen(false)
          }}
        />
      )}
    </Stack>
  )
}

/** Video picker: an uploaded video, or a link recognised per spec §5.6; stores a videoRef. */
export const VideoPicker = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const current = (value ?? undefined) as MediaRef | undefined
  const picked = (a: Attachment) =>
    onChange({
      type: 'attachment',
      attachment: { id: a._id, path: a.path },
      src: a.src,
      width: a.width,
      height: a.height,
      duration: a.duration
    })
  const picker = usePicker('video/*', picked)
  const [link, setLink] = useState(current?.type === 'link' ? (current.link ?? '') : '')
  return (
    <Stack spacing={1} data-testid={testId} onDragOver={(event) => event.preventDefault()} onDrop={picker.onDrop}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
        <TextField
          size="small"
          label={t('field.videoLink')}
          value={link}
          onChange={(event) => {
            setLink(event.target.value)
            const info = parseVideoLink(event.target.value)
            onChange(info ? { type: 'link', link: event.target.value, linkInfo: info } : null)
          }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-link` } }}
          sx={{ flex: 1 }}
        />
        <IconButton aria-label={t('field.pickVideo')} onClick={() => picker.setOpen(true)}>
          <AddPhotoAlternate />
        </IconButton>
      </Stack>
      {current?.type === 'attachment' && <Typography variant="caption">{String(current.src ?? '')}</Typography>}
      {picker.progress !== undefined && <LinearProgress variant="determinate" value={picker.progress * 100} />}
      <FieldMessage error={error} testId={testId} />
      {picker.open && (
        <MediaLibraryDialog
          open
          accept="video/*"
          onClose={() => picker.setOpen(false)}
          onSelect={(a) => {
            picked(a)
            picker.setOpen(false)
          }}
        />
      )}
    </Stack>
  )
}
