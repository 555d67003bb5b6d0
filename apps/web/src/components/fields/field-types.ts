import type { Query } from '@feathersjs/feathers'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import type { Values } from '../../lib/form-values'

/** Where a select field's options come from: a service (lookup) or a named enum list (spec §3.16). */
export type OptionSource =
  | { path: string; textField?: string; valueField?: string; searchFields?: string[]; query?: Query }
  | { enumList: Record<string, AnyMessageKey> }

interface BaseField {
  name: string
  label: AnyMessageKey
  required?: boolean
  /** An extra check; returns a message key or undefined. */
  validate?: (value: unknown, values: Values) => AnyMessageKey | undefined
  /** Fills the row on wide screens. */
  wide?: boolean
}

export type FieldDef = BaseField &
  (
    | { type: 'text' | 'email' | 'textarea' }
    | { type: 'translatable'; multiline?: boolean }
    | { type: 'number'; integer?: boolean }
    | { type: 'password' }
    | { type: 'select'; source: OptionSource; multiple?: boolean }
    | { type: 'date' | 'datetime' }
    | { type: 'boolean' }
    | { type: 'colour' }
    | { type: 'richtext' }
    | {
        type: 'list'
        fields: FieldDef[]
        /** Key of a new item's generated id (spec §3.17), default `id`. */
        itemKey?: string
        canDelete?: (item: Values) => boolean
        canView?: (item: Values) => boolean
      }
    | { type: 'acl' }
    | { type: 'image'; mini?: boolean }
    | { type: 'video' }
  )

export type FieldType = FieldDef['type']

export interface FieldProps<F extends FieldDef = FieldDef> {
  field: F
  value: unknown
  onChange: (value: unknown) => void
  /** Translated message, shown once the user tried to submit. */
  error?: string
  values: Values
  setValue: (name: string, value: unknown) => void
  testId: string
}
