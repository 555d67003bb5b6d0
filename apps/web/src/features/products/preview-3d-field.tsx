import { createElement, useEffect, useState } from 'react'
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material'
import ViewInAr from '@mui/icons-material/ViewInArOutlined'
import type { FieldProps } from '../../components/fields/field-types'
import { attachmentUrl, thumbUrl, type Attachment } from '../../components/media/media-api'
import { MediaLibraryDialog } from '../../components/media/media-library-dialog'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'

type Preview = { mesh?: string | null; texture?: string | null }
type Part = keyof Preview

/** The mime filter each part picks with (the server checks the same: decision 0189). */
const ACCEPT: Record<Part, string> = { mesh: 'model/*', texture: 'image/*' }

/** `<model-viewer>` registers itself when its module first loads: only when a preview is shown. */
let viewerLoading: Promise<unknown> | undefined
const loadViewer = () => (viewerLoading ??= import('@google/model-viewer'))

/** The model shown with @google/model-viewer, its texture applied to the first material once loaded. */
const ModelPreview = ({ mesh, texture, testId }: { mesh: string; texture?: string | null; testId: string }) => {
  const { t } = useListT()
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [failure, setFailure] = useState('')
  const [viewer, setViewer] = useState<HTMLElement | null>(null)
  useEffect(() => {
    let cancelled = false
    loadViewer()
      .then(() => !cancelled && setState('ready'))
      .catch((error: unknown) => {
        if (cancelled) return
        setFailure(errorMessage(error))
        setState('failed')
      })
    return () => {
      cancelled = true
    }
  }, [])
  useEffect(() => {
    if (!viewer || !texture) return
    type Viewer = HTMLElement & {
      model?: { materials: { pbrMetallicRoughness: { baseColorTexture: { setTexture: (t: unknown) => void } } }[] }
      createTexture: (uri: string) => Promise<unknown>
    }
    const onLoad = () => {
      const model = (viewer as Viewer).model
      if (!model?.materials.length) return
      void (viewer as Viewer)
        .createTexture(attachmentUrl(texture))
        .then((made) => model.materials[0].pbrMetallicRoughness.baseColorTexture.setTexture(made))
    }
    viewer.addEventListener('load', onLoad)
    return () => viewer.removeEventListener('load', onLoad)
  }, [viewer, texture])
  if (state === 'loading')
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`${testId}-loading`}>
        <CircularProgress size={20} />
        <Typography variant="body2">{t('product.preview3d.loading')}</Typography>
      </Stack>
    )
  if (state === 'failed')
    return (
      <Typography color="error" variant="body2">
        {failure}
      </Typography>
    )
  return createElement('model-viewer', {
    ref: setViewer,
    src: attachmentUrl(mesh),
    'camera-controls': true,
    'auto-rotate': true,
    alt: t('product.preview3d'),
    'data-testid': `${testId}-viewer`,
    style: { width: '100%', height: 320, background: '#f5f5f5', borderRadius: 8 }
  })
}

/**
 * The product's 3D preview (spec §3.7): a glTF-binary mesh and its texture, both picked from the media
 * library; the viewer's code loads only when the merchant asks to see the preview.
 */
export const Preview3dInput = ({ field, value, onChange, error, errors, testId }: FieldProps) => {
  const { t } = useListT()
  const preview = (value && typeof value === 'object' ? value : {}) as Preview
  const [picking, setPicking] = useState<Part | undefined>()
  const [shown, setShown] = useState(false)
  const set = (part: Part, id: string | null) => {
    const next = { ...preview, [part]: id }
    onChange(next.mesh || next.texture ? next : null)
  }
  const part = (name: Part, label: 'product.preview3d.mesh' | 'product.preview3d.texture') => (
    <Stack spacing={0.5} sx={{ flex: 1 }} data-testid={`${testId}-${name}`}>
      <Typography variant="body2">{t(label)}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {name === 'texture' && preview.texture && (
          <Box
            component="img"
            src={thumbUrl(preview.texture)}
            alt=""
            sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
          />
        )}
        {name === 'mesh' && (
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-mesh-state`}>
            {preview.mesh ? t('product.preview3d.chosen') : t('product.preview3d.none')}
          </Typography>
        )}
        <Button size="small" onClick={() => setPicking(name)} data-testid={`${testId}-${name}-pick`}>
          {t('product.preview3d.pick')}
        </Button>
        {preview[name] && (
          <Button size="small" color="inherit" onClick={() => set(name, null)}>
            {t('product.preview3d.clear')}
          </Button>
        )}
      </Stack>
      {errors?.[name] && (
        <Typography variant="caption" color="error">
          {errors[name]}
        </Typography>
      )}
    </Stack>
  )
  return (
    <Stack spacing={1.5} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {part('mesh', 'product.preview3d.mesh')}
        {part('texture', 'product.preview3d.texture')}
      </Stack>
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
      {preview.mesh &&
        (shown ? (
          <ModelPreview mesh={preview.mesh} texture={preview.texture} testId={testId} />
        ) : (
          <Button
            startIcon={<ViewInAr />}
            variant="outlined"
            onClick={() => setShown(true)}
            sx={{ alignSelf: 'flex-start' }}
            data-testid={`${testId}-show`}
          >
            {t('product.preview3d.show')}
          </Button>
        ))}
      {picking && (
        <MediaLibraryDialog
          open
          accept={ACCEPT[picking]}
          onSelect={(attachment: Attachment) => {
            set(picking, attachment._id)
            setPicking(undefined)
          }}
          onClose={() => setPicking(undefined)}
        />
      )}
    </Stack>
  )
}
