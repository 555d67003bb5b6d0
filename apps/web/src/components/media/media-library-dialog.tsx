import { useState, type DragEvent } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography
} from '@mui/material'
import ErrorIcon from '@mui/icons-material/Error'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useCurrentShopId } from '../../lib/shop'
import { ConfirmDialog } from '../editor/confirm-dialog'
import { listAttachments, MEDIA_PAGE_SIZE, removeAttachment, thumbUrl, uploadFile, type Attachment } from './media-api'
import { MediaDetails } from './media-details'
import { MediaTypeIcon } from './media-icons'

/** An item in the grid: a stored attachment, or an upload in progress / in error (spec §4.6). */
interface Upload {
  key: string
  name: string
  progress: number
  error?: string
}

interface MediaLibraryProps {
  open: boolean
  /** Mime filter: `image/*`, `video/*`, `*`. */
  accept?: string
  /** Selecting mode: confirm returns the chosen attachment. */
  onSelect?: (attachment: Attachment) => void
  onClose: () => void
}

/** The media library of spec §2.11: 150 px thumbnails, 40 per page, drop to upload, details, delete. */
export const MediaLibraryDialog = ({ open, accept = 'image/*', onSelect, onClose }: MediaLibraryProps) => {
  const { t } = useListT()
  const shop = useCurrentShopId()
  const queryClient = useQueryClient()
  const key = ['attachments', 'library', { accept, shop }]
  const list = useInfiniteQuery({
    queryKey: key,
    enabled: open && Boolean(shop),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listAttachments(accept, pageParam),
    getNextPageParam: (last, pages) => (last.data.length < MEDIA_PAGE_SIZE ? undefined : pages.length * MEDIA_PAGE_SIZE)
  })
  const [uploads, setUploads] = useState<Upload[]>([])
  const [chosen, setChosen] = useState<Attachment | undefined>()
  const [removing, setRemoving] = useState<Attachment | undefined>()
  const items = list.data?.pages.flatMap((page) => page.data) ?? []

  const upload = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const entry: Upload = { key: `${file.name}-${Date.now()}-${Math.random()}`, name: file.name, progress: 0 }
      const patch = (change: Partial<Upload>) =>
        setUploads((all) => all.map((u) => (u.key === entry.key ? { ...u, ...change } : u)))
      setUploads((all) => [entry, ...all])
      uploadFile(file, (progress) => patch({ progress }))
        .then((info) => {
          setUploads((all) => all.filter((u) => u.key !== entry.key))
          setChosen(info)
          void queryClient.invalidateQueries({ queryKey: key })
        })
        .catch((error: unknown) => patch({ error: errorMessage(error) }))
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    if (event.dataTransfer.files.length) upload(event.dataTransfer.files)
  }
  const remove = async (attachment: Attachment) => {
    try {
      await removeAttachment(attachment._id)
      setChosen(undefined)
      notifySuccess(t('editor.deleted'))
      void queryClient.invalidateQueries({ queryKey: key })
    } catch (error) {
      notifyError(errorMessage(error))
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { width: '80vw', maxWidth: '80vw', height: '85vh' } } }}
      data-testid="media-library"
    >
      <DialogTitle>{t('media.title')}</DialogTitle>
      <DialogContent
        dividers
        sx={{ display: 'flex', gap: 2, p: 0 }}
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
      >
        <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
            <Button variant="outlined" component="label" data-testid="media-upload">
              {t('media.upload')}
              <input
                hidden
                type="file"
                multiple
                accept={accept === '*' ? undefined : accept}
                onChange={(event) => event.target.files && upload(event.target.files)}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('media.drop')}
            </Typography>
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 150px)', gap: 1 }} data-testid="media-grid">
            {uploads.map((u) => (
              <Box
                key={u.key}
                title={u.error ?? u.name}
                sx={{ width: 150, height: 150, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}
                data-testid="media-uploading"
              >
                {u.error ? <ErrorIcon color="error" /> : <CircularProgress variant="determinate" value={u.progress * 100} />}
              </Box>
            ))}
            {items.map((item) => (
              <Box
                key={item._id}
                onClick={() => setChosen(item)}
                data-testid="media-item"
                sx={{
                  width: 150,
                  height: 150,
                  cursor: 'pointer',
                  outline: chosen?._id === item._id ? 3 : 0,
                  outlineColor: 'primary.main',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.hover'
                }}
              >
                {/^(image|video)\//.test(item.mime) ? (
                  <img
                    src={thumbUrl(item._id)}
                    alt={item.name}
                    width={150}
                    height={150}
                    style={{ objectFit: 'cover' }}
                    loading="lazy"
                  />
                ) : (
                  <MediaTypeIcon mime={item.mime} />
                )}
              </Box>
            ))}
          </Box>
          {!list.isPending && items.length === 0 && uploads.length === 0 && (
            <Typography sx={{ mt: 2 }}>{t('media.empty')}</Typography>
          )}
          {list.hasNextPage && (
            <Button onClick={() => void list.fetchNextPage()} sx={{ mt: 2 }}>
              {t('media.more')}
            </Button>
          )}
        </Box>
        {chosen && <MediaDetails attachment={chosen} onDelete={() => setRemoving(chosen)} />}
      </DialogContent>
      <DialogActions>
        {onSelect ? (
          <>
            <Button color="error" variant="contained" onClick={onClose} data-testid="media-cancel">
              {t('media.cancel')}
            </Button>
            <Button
              color="success"
              variant="contained"
              disabled={!chosen}
              onClick={() => chosen && onSelect(chosen)}
              data-testid="media-confirm"
            >
              {t('media.select')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('editor.close')}</Button>
        )}
      </DialogActions>
      {/* A file is removed for good (and from every record showing it): only after a second yes. */}
      <ConfirmDialog
        open={Boolean(removing)}
        text={t('editor.deleteConfirm')}
        testId="media-delete-confirm"
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const attachment = removing!
          setRemoving(undefined)
          void remove(attachment)
        }}
      />
    </Dialog>
  )
}
