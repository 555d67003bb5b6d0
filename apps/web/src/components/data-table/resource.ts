import type { ComponentType, ReactNode } from 'react'
import type { Query } from '@feathersjs/feathers'
import type { ExportRef, ListServicePath, ServiceRecord } from '@emporia/shared'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import type { ScreenDef } from '../../lib/screens/screen'
import type { Row } from '../../lib/resource-client'
import type { SearchFieldConfig } from '../../lib/table/search-query'
import type { SortState } from '../../lib/table/sort'
import type { FieldDef } from '../fields/field-types'
import type { Values } from '../../lib/form-values'

export type ColumnKind = 'text' | 'translatable' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'image'

/** The record a path's list shows (the shared service map); any row for a declaration of no one path. */
export type RecordOf<P extends ListServicePath> = [ListServicePath] extends [P] ? Row : ServiceRecord<P>

/**
 * A field of a record by name. A dotted path below a field (`name.en`, `skus.price`) is checked by its
 * first segment only: TypeScript cannot follow arrays and translatable texts further in practice.
 */
export type FieldName<R> = string extends keyof R ? string : Extract<keyof R, string> | `${Extract<keyof R, string>}.${string}`

// Callbacks are methods, not function properties, so that a declaration of one path is also a
// declaration of any path: the generic table calls them with rows it does not know the type of.

/** A column (spec §3.17 header): text, value, sortable, sortField, enumList, direct link, lookup. */
export interface ColumnDef<R = Row> {
  value: string
  text: AnyMessageKey
  kind?: ColumnKind
  sortable?: boolean
  /** The field the server sorts by when it differs from `value`. */
  sortField?: string
  enumList?: Record<string, AnyMessageKey>
  /** A direct link from the cell (app path or URL). */
  link?(row: R): string | undefined
  /** An id column shown as the referenced record's text, resolved in batches of 100. */
  lookup?: { path: ListServicePath; textField?: string; itemKey?: string }
  render?(row: R): ReactNode
  /** What a `render` column's id names, so that the export writes that name (a stock entry's SKU). */
  exportRef?: ExportRef
  /** Hidden on the mobile card view. */
  noCard?: boolean
}

/** Spec §6.5: actions a table hides. */
export interface TableFlags {
  noAdd?: boolean
  noEdit?: boolean
  noClone?: boolean
  noRemove?: boolean
  noExport?: boolean
  /** Static data: no refresh button. */
  static?: boolean
}

/** An action on the selected rows besides delete and duplicate (e.g. a status change), with optional choices. */
export interface BatchAction {
  key: string
  label: AnyMessageKey
  /** Choices offered in a menu (value → label); the chosen value goes to `run`. */
  options?: Record<string, AnyMessageKey>
  run: (ids: string[], option?: string) => Promise<void>
  /** The success message (default "Success"). */
  done?: AnyMessageKey
  /** Opens this dialog on the selection instead of `run` (an action with its own choices: labels to print). */
  dialog?: ComponentType<{ ids: string[]; onClose: () => void }>
}

/**
 * What a list with no records (and no search) says, and the button that makes the first one: "Add" of
 * the table unless `route` names where to go instead (a list nobody adds to directly).
 */
export interface EmptyListDef {
  text: AnyMessageKey
  action?: AnyMessageKey
  route?: string
}

/**
 * Spec §3.17 data descriptor plus columns, editor fields and search: one declaration per screen. Over
 * its path and that path's record (`defineResource` infers both), so the path is a listed service and
 * the callbacks get typed rows.
 */
export interface ResourceDefinition<P extends ListServicePath = ListServicePath, R = Row> {
  path: P
  /** The screen it shows (routes, drawer entry, permission; decision 0075); none for a fixture list. */
  screen?: ScreenDef
  /** Message key naming one record (dialog titles, export file). */
  name: AnyMessageKey
  itemKey?: string
  columns: ColumnDef<R>[]
  fields: FieldDef[]
  /** The shared TypeBox schema the server validates with: the editor takes its field rules from it. */
  schema?: object
  search?: SearchFieldConfig[]
  flags?: TableFlags
  checkWrite?(row: R, shop: string | undefined): boolean
  checkRemove?(row: R, shop: string | undefined): boolean
  defaultSort?: SortState
  /** The URL query key of the table state; none keeps the state in memory. */
  urlKey?: string
  filter?: Query
  populate?: Query['$populate']
  select?: string[]
  /** Keyset paging (`$cursor`): no count, previous/next only. */
  cursor?: boolean
  /** "Add" opens this route instead of the editor dialog. */
  addRoute?: string
  /**
   * "Add" opens this dialog instead of the editor: a record made by a screen's own flow rather than
   * from its fields (a back-office order). Load it lazily: the declarations are in the list's chunk.
   */
  createDialog?: ComponentType<{ onClose: () => void }>
  /** A row press opens this app route (the record's own page) instead of its editor. */
  open?(row: R): string
  /**
   * After a create the editor stays open on the new record (its create-only fields locked), so what
   * the server worked out for it shows at once (a cash check's expected amount and difference).
   */
  showCreated?: boolean
  /** Defaults of a new record. */
  defaults?(): Record<string, unknown>
  /** Shown after the editor's title when editing (a product's name). */
  recordTitle?(row: R, language: string): string
  /** The data about to be saved, adjusted by the screen's rules (defaults, derived values). */
  prepare?(data: Values, record: R | undefined): Values
  /** A copy's values (clone, duplicate), without what must stay unique. */
  prepareClone?(values: Values): Values
  batchActions?: BatchAction[]
  /** "All fields" exports one row per item of this list field (a product's `skus`), the record's fields repeated. */
  exportRows?: string
  /** The empty list's sentence and first-record button (default: a plain sentence and "Add the first one"). */
  empty?: EmptyListDef
  /** Buttons in the toolbar that open related screens (an order list's statuses). */
  links?: ToolbarLinkDef[]
  /**
   * A hook the editor calls with the record being edited: which fields it shows disabled (an order in
   * a locked status takes only payments). The rule is the server's; this only spares a refused save.
   */
  useLockedFields?(record: R | undefined): ((field: FieldDef) => boolean) | undefined
  /**
   * The editor shows its fields in titled cards, in this order (a product's basics, media, pricing…);
   * fields no section names follow in a last, untitled card. Without sections, one grid of every field.
   */
  sections?: EditorSection[]
}

/** One titled card of an editor: the fields it holds, by name, in the order of the definition's fields. */
export interface EditorSection {
  key: string
  title: AnyMessageKey
  fields: readonly string[]
}

/** A toolbar button opening another app route, or a menu of routes (`menu`: one per list an import can write). */
export interface ToolbarLinkDef {
  key: string
  label: AnyMessageKey
  route: string
  menu?: { key: string; label: AnyMessageKey; route: string }[]
}

/** An editor field of a record by its name; a display-only field (never read nor sent) names none. */
export type RecordFieldDef<R> = FieldDef & ({ name: FieldName<R> } | { type: 'custom'; display: true })

/**
 * The names a declaration gives, checked against its record. Kept apart from `ResourceDefinition`:
 * a name type over the record's keys would make a declaration of one path no declaration of any path.
 */
interface CheckedNames<R> {
  columns: { value: FieldName<R>; sortField?: FieldName<R> }[]
  fields: ({ name: FieldName<R> } | { display: true })[]
  select?: FieldName<R>[]
  exportRows?: FieldName<R>
}

/**
 * Declares one screen's resource over its screen definition: the path is the screen's service, and
 * names are checked against that service's record.
 */
export const defineResource = <P extends ListServicePath>(
  definition: Omit<ResourceDefinition<P, RecordOf<P>>, 'path' | 'screen'> &
    CheckedNames<RecordOf<P>> & { screen: ScreenDef & { service: P } }
): ResourceDefinition<P, RecordOf<P>> => ({ ...definition, path: definition.screen.service })

/** A declaration edited over a local store (the developer field gallery): no service behind it. */
export type LocalDefinition = Omit<ResourceDefinition, 'path'> & { path?: undefined }
