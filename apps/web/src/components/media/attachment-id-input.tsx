import { lazy, Suspense } from 'react'
import { LinearProgress } from '@mui/material'
import type { FieldProps } from '../fields/field-types'

const ImagePicker = lazy(() => import('./media-picker').then((m) => ({ default: m.ImagePicker })))

/**
 * A picture kept as an attachment's id (the shop's icon, spec §3.1; the app's icon) through the media
 * library's image picker: the picker speaks imageRefs, the record keeps the attachment's id.
 */
export const AttachmentIdInput = (props: FieldProps) => {
  const id = typeof props.value === 'string' && props.value ? props.value : null
  return (
    <Suspense fallback={<LinearProgress />}>
      <ImagePicker
        {...props}
        field={{ name: props.field.name, label: props.field.label, type: 'image' }}
        value={id ? { type: 'attachment', attachment: id } : null}
        onChange={(ref) => props.onChange((ref as { attachment?: string } | null)?.attachment ?? null)}
      />
    </Suspense>
  )
}
