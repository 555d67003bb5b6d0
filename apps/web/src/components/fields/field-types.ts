import type { ComponentType } from 'react'
import type { Query } from '@feathersjs/feathers'
import type { ListServicePath } from '@emporia/shared'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import type { Values } from '../../lib/form-values'
import type { Row } from '../../lib/resource-client'

/** Where a select field's options come from: a service (lookup) or a named enum list (spec §3.16). */
export type OptionSource =
  | { path: ListServicePath; textField?: string; valueField?: string; searchFields?: string[]; query?: Query }
  | { enumList: Record<string, AnyMessageKey> }

interface BaseField {
  name: string
  label: AnyMessageKey
  /** A line under the input saying what the value means, shown while there is no error. */
  help?: AnyMessageKey
  required?: boolean
  /** An extra check; returns a message key or undefined. */
  validate?: (value: unknown, values: Values) => AnyMessageKey | undefined
  /** Fills the row on wide screens. */
  wide?: boolean
  /** Set when the record is created, read-only afterwards (and not sent when editing). */
  createOnly?: boolean
  /** Not shown while this says so (options only for enum specs); its value stays. */
  hidden?: (values: Values) => boolean
}

export type FieldDef = BaseField &
  (
    | { type: 'text' | 'email' | 'textarea' }
    | { type: 'translatable'; multiline?: boolean }
    | {
        type: 'number'
        integer?: boolean
        /** The unit shown after the number, from the values beside it (a weighed product's "斤"). */
        unit?: (values: Values) => string | undefined
      }
    | { type: 'password' }
    | { type: 'select'; source: OptionSource; multiple?: boolean; disabledOptions?: string[] }
    /** Integer cents in the record, a decimal ("12.50") on screen (decision 0003). */
    | { type: 'money' }
    /** Free texts (an attribute's values). */
    | { type: 'textList' }
    /** An ordered list of imageRefs. */
    | { type: 'images' }
    /**
     * One item of an array in another record, that record named by a sibling field (a product's
     * SKUs once a product is chosen); not shown while that record has no items.
     */
    | {
        type: 'recordItem'
        source: { path: ListServicePath; from: string; list: string; valueField?: string; textField?: string }
      }
    | { type: 'date' | 'datetime' }
    | { type: 'boolean' }
    | { type: 'colour' }
    | { type: 'richtext' }
    | {
        type: 'list'
        fields: FieldDef[]
        /** Key of a new item's generated id (spec §3.17), default `id`. */
        itemKey?: string
        /** Items whose schema has no id: new items get none. */
        noItemId?: boolean
        /** What a new item starts with (a bank account shown to customers from the start). */
        newItem?: () => Values
        canDelete?: (item: Values) => boolean
        canView?: (item: Values) => boolean
      }
    | { type: 'acl' }
    | { type: 'image'; mini?: boolean }
    | { type: 'video' }
    /**
     * A screen's own input. `display` fields only show things (stock, actions): they are never
     * read from the record into the form nor sent.
     */
    | { type: 'custom'; component: ComponentType<FieldProps>; display?: boolean }
  )

export type FieldType = FieldDef['type']

export interface FieldProps<F extends FieldDef = FieldDef> {
  field: F
  value: unknown
  onChange: (value: unknown) => void
  /** Translated message, shown once the user tried to submit. */
  error?: string
  /** Messages of what is inside the value (a list's items), by path below it: `0.price`. */
  errors?: Record<string, string>
  values: Values
  setValue: (name: string, value: unknown) => void
  testId: string
  /** The record being edited (undefined for a new one), for inputs that need its id or derived data. */
  record?: Row
}
