import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import type { ExportColumn } from '../query/export'
import { importTargets } from './import-template.schema'

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

/**
 * An import run's life (decision 0170): `queued` until a job takes it, `running` batch by batch,
 * then `done`, `failed` (the file could not be read; `problem` says why) or `cancelled` (what the
 * batches before the cancel wrote stays).
 */
export const importRunStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const
export type ImportRunStatus = (typeof importRunStatuses)[number]

/** A row's or a run's problem: a message key the screen translates, the column it is about, the words it names. */
export const importProblemSchema = Type.Object({
  key: Type.String(),
  field: Type.String(),
  message: Type.String(),
  values: Type.Optional(Type.Record(Type.String(), Type.String()))
})
export type ImportProblem = Static<typeof importProblemSchema>

export const importCountsSchema = Type.Object({
  new: Type.Integer(),
  modified: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Integer(),
  /** With the template's clearPrevious: the shop's records of the list the sheet does not name, removed after the import. */
  removed: Type.Optional(Type.Integer())
})
export type ImportCounts = Static<typeof importCountsSchema>

/** What one record of the sheet (its rows: a product and its SKU rows) does or did. */
export const importOutcomeSchema = Type.Object({
  rows: Type.Array(Type.Integer()),
  action: literals(['new', 'modified', 'unchanged', 'error'] as const),
  key: Type.Optional(Type.String()),
  changes: Type.Optional(Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() }))),
  problems: Type.Optional(Type.Array(importProblemSchema))
})
export type ImportOutcome = Static<typeof importOutcomeSchema>

/** A failed sheet row as it was, with its reasons: a row of the error sheet. */
export const importErrorRowSchema = Type.Object({
  row: Type.Integer(),
  cells: Type.Array(Type.String()),
  problems: Type.Array(importProblemSchema)
})
export type ImportErrorRow = Static<typeof importErrorRowSchema>

/**
 * One import run (spec §2.14 import preview; decisions 0164, 0165, 0170): a dry run (the preview) or
 * the import itself, run as a job over a file uploaded once. Everything but `cancel` is the server's.
 */
export const importRunSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** Who started it (a staff account id). */
    user: Type.String({ readOnly: true }),
    target: { ...literals(importTargets), readOnly: true },
    template: nullable(Type.String({ pattern: ID_PATTERN, readOnly: true })),
    fileName: Type.String({ readOnly: true }),
    /** The XLSX's sheets, for the chooser (a CSV has none); `sheetName` the one read. */
    sheets: Type.Array(Type.String(), { readOnly: true }),
    sheetName: nullable(Type.String({ readOnly: true })),
    /** A preview: every row validated and written, then rolled back. */
    dryRun: Type.Boolean({ readOnly: true }),
    /** The preview this import follows (its file and mapping). */
    preview: nullable(Type.String({ pattern: ID_PATTERN, readOnly: true })),
    status: { ...literals(importRunStatuses), readOnly: true },
    /** Set by the merchant to stop the run after the batch in progress. */
    cancel: Type.Optional(Type.Boolean()),
    /** Records expected (known from the preview), for the progress bar; null while unknown. */
    total: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { readOnly: true })),
    /** Records done so far, and the last sheet row done (the restart point). */
    records: Type.Integer({ readOnly: true }),
    lastRow: Type.Integer({ readOnly: true }),
    counts: { ...importCountsSchema, readOnly: true },
    headers: Type.Array(Type.String(), { readOnly: true }),
    /** The sheet's titles the import reads, and those it leaves out. */
    mapped: Type.Array(Type.String(), { readOnly: true }),
    ignored: Type.Array(Type.String(), { readOnly: true }),
    /** At most 500 records' outcomes (the counts are whole). */
    outcomes: Type.Array(importOutcomeSchema, { readOnly: true }),
    /** At most 5,000 failed rows: the error sheet. */
    errorRows: Type.Array(importErrorRowSchema, { readOnly: true }),
    /** Why a failed run stopped. */
    problem: Type.Optional(Type.Union([importProblemSchema, Type.Null()], { readOnly: true })),
    startedAt: nullable(Type.String({ format: 'date-time', readOnly: true })),
    finishedAt: nullable(Type.String({ format: 'date-time', readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ImportRun', additionalProperties: false }
)
export type ImportRun = Static<typeof importRunSchema>
/**
 * `create` as JSON: another run over an earlier run's file — the import after its preview
 * (`dryRun: false`), or a preview of another sheet. A new file is uploaded as multipart instead
 * (`POST /api/imports`: `request` = {@link ImportUpload}, `file`).
 */
export interface ImportRunData {
  from: string
  dryRun: boolean
  sheetName?: string | null
}
export type ImportRunPatch = Pick<ImportRun, 'cancel'>

/** The multipart upload's `request` field: a new file, always previewed first. */
export interface ImportUpload {
  shop: string
  target: (typeof importTargets)[number]
  template?: string
  /** The list's "All fields" export columns in the three languages (decision 0164). */
  columns: ExportColumn[]
  sheetName?: string
}
