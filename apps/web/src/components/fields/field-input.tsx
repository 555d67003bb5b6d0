import { lazy, Suspense, type ComponentType } from 'react'
import { LinearProgress } from '@mui/material'
import { DelayedProgress } from '../ui/delayed-progress'
import { AclInput } from './acl-field'
import { BooleanInput, DateInput, NumberInput, PasswordInput, TextInput } from './basic-fields'
import { ColourInput } from './colour-field'
import type { FieldProps, FieldType } from './field-types'
import { ListInput } from './list-field'
import { MoneyInput } from './money-field'
import { RecordItemInput } from './record-item-field'
import { TextListInput } from './text-list-field'
import { SelectInput } from './select-field'
import { TranslatableInput } from './translatable-field'

// The rich-text editor (tiptap, ~100 KB) and the media pickers load only when a form has one.
const RichTextInput = lazy(() => import('./rich-text-field').then((m) => ({ default: m.RichTextInput })))
const ImageInput = lazy(() => import('../media/media-picker').then((m) => ({ default: m.ImagePicker })))
const VideoInput = lazy(() => import('../media/media-picker').then((m) => ({ default: m.VideoPicker })))
const ImageListInput = lazy(() => import('./image-list-field').then((m) => ({ default: m.ImageListInput })))

/** A screen's own input, declared with the field. */
const CustomInput = (props: FieldProps) => {
  if (props.field.type !== 'custom') return null
  const Component = props.field.component
  return <Component {...props} />
}

/** A list's items are declared fields: each is drawn by this dispatcher (`FieldInput`, below). */
const NestedListInput = (props: FieldProps) => <ListInput {...props} ItemInput={FieldInput} />

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
  list: NestedListInput,
  acl: AclInput,
  image: ImageInput,
  video: VideoInput,
  money: MoneyInput,
  textList: TextListInput,
  images: ImageListInput,
  recordItem: RecordItemInput,
  custom: CustomInput
}

/** The input of one declared field. */
export const FieldInput = (props: FieldProps) => {
  const Input = inputs[props.field.type]
  return (
    <Suspense
      fallback={
        <>
          {/* Marks a field still loading its code (its height not final yet): the browser tests wait it out. */}
          <span data-field-loading hidden />
          <DelayedProgress>
            <LinearProgress />
          </DelayedProgress>
        </>
      }
    >
      <Input {...props} />
    </Suspense>
  )
}
