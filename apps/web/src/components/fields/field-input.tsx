import { lazy, Suspense, type ComponentType } from 'react'
import { LinearProgress } from '@mui/material'
import { AclInput } from './acl-field'
import { BooleanInput, DateInput, NumberInput, PasswordInput, TextInput } from './basic-fields'
import { ColourInput } from './colour-field'
import type { FieldProps, FieldType } from './field-types'
import { ListInput } from './list-field'
import { SelectInput } from './select-field'
import { TranslatableInput } from './translatable-field'

// The rich-text editor (tiptap, ~100 KB) and the media pickers load only when a form has one.
const RichTextInput = lazy(() => import('./rich-text-field').then((m) => ({ default: m.RichTextInput })))
const ImageInput = lazy(() => import('../media/media-picker').then((m) => ({ default: m.ImagePicker })))
const VideoInput = lazy(() => import('../media/media-picker').then((m) => ({ default: m.VideoPicker })))

const inputs: Record<FieldType, ComponentType<FieldProps>> = {
  text: TextInput,
  email: TextInput,
  textarea: TextInput,
  translatable: TranslatableInput,
  number: NumberInput,
  password: PasswordInput,
  select: SelectInput,
  date: DateInput,
  datetime: DateInput,
  boolean: BooleanInput,
  colour: ColourInput,
  richtext: RichTextInput,
  list: ListInput,
  acl: AclInput,
  image: ImageInput,
  video: VideoInput
}

/** The input of one declared field. */
export const FieldInput = (props: FieldProps) => {
  const Input = inputs[props.field.type]
  return (
    <Suspense fallback={<LinearProgress />}>
      <Input {...props} />
    </Suspense>
  )
}
