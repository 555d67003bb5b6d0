import type { FieldDef } from '../fields/field-types'

/** Fields whose input is a page of its own (a rich text, a list of items, pictures, a screen's own input). */
const LARGE_TYPES: ReadonlySet<FieldDef['type']> = new Set(['richtext', 'list', 'images', 'video', 'acl', 'custom'])

/** At most this many simple fields make a small form. */
export const SMALL_FORM_FIELDS = 4

/**
 * How large an editor's dialog is (decision 0161): a small form (a few simple fields: a warehouse, a status,
 * a brand) is a dialog the width of its fields, one column, as tall as they are; any other form opens
 * nearly full-screen (spec §2.3), and on a phone full-screen.
 */
export const editorSize = (fields: readonly FieldDef[]): 'small' | 'large' =>
  fields.length <= SMALL_FORM_FIELDS && fields.every((field) => !LARGE_TYPES.has(field.type)) ? 'small' : 'large'
