import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from './stored-text'

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * Where a mapped field's value comes from (spec §9.8 importSourceType, decision 0164): `single` one
 * column of the sheet, `variable` one column whose header may differ between files (matched by any of
 * its names), `constant` the same value for every row, `lookup` one column holding a referenced
 * record's name, found in the shop.
 */
export const importSourceTypes = ['single', 'variable', 'constant', 'lookup'] as const
export type ImportSourceType = (typeof importSourceTypes)[number]

/** The lists an import can write (decisions 0164, 0172): one importer per list service; `inventories` are stock entries. */
export const importTargets = [
  'products',
  'categories',
  'brands',
  'shopUsers',
  'companyUsers',
  'discounts',
  'inventories'
] as const
export type ImportTarget = (typeof importTargets)[number]

const LANGS = ['en', 'cht', 'chs'] as const

/** A word of the sheet standing for a value of the field (spec §3.13 enum mapping), in one language or any. */
export const importEnumWordSchema = Type.Object(
  {
    word: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.String({ maxLength: 200 }),
    lang: Type.Optional(Type.Union([literals(LANGS), Type.Null()]))
  },
  { additionalProperties: false }
)
export type ImportEnumWord = Static<typeof importEnumWordSchema>

/** One field of the target filled from the sheet (spec §3.13 mappings: name ← header). */
export const importMappingSchema = Type.Object(
  {
    /** The target's field, a dotted path (`name.en`, `price`, `skus.price`, `brand`). */
    field: Type.String({ pattern: '^[A-Za-z_$][\\w$]{0,63}(\\.[A-Za-z_$][\\w$]{0,63}){0,3}$' }),
    /** The sheet's column title; `variable` takes any of several, separated by `|`. */
    header: Type.Optional(Type.String({ maxLength: 500 })),
    sourceType: literals(importSourceTypes),
    /** The value of a `constant` mapping, as the sheet would write it. */
    value: Type.Optional(Type.String({ maxLength: 1000 })),
    /** "Use as key": the columns that find the existing record a row changes. */
    key: Type.Optional(Type.Boolean()),
    enumMap: Type.Optional(Type.Array(importEnumWordSchema, { maxItems: 200 }))
  },
  { additionalProperties: false }
)
export type ImportMapping = Static<typeof importMappingSchema>

/** Import template (spec §3.13): how one kind of spreadsheet maps onto one list. */
export const importTemplateSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    targetRoute: literals(importTargets),
    /** The sheet of an XLSX to read (the first when empty); a CSV has one. */
    sheetName: Type.Optional(Type.Union([Type.String({ maxLength: 31 }), Type.Null()])),
    /** 1-based rows: the column titles, and the first row of data. */
    headerRow: Type.Integer({ minimum: 1, maximum: 1000 }),
    dataStartRow: Type.Integer({ minimum: 2, maximum: 1001 }),
    mappings: Type.Array(importMappingSchema, { maxItems: 300 }),
    /** Fill the record's shop from the sheet's shop column (spec §3.13); records land in the importing shop either way. */
    needShop: Type.Optional(Type.Boolean()),
    /**
     * After a successful import, remove the shop's records of the list that the sheet did not name (the
     * preview counts them in `counts.removed`; decision 0170).
     */
    clearPrevious: Type.Optional(Type.Boolean()),
    /**
     * importWithScript (spec §2.2 developer page): a short script turning each row (title → cell) into
     * the record's fields, run in a sandbox with no file, network or process access and a time limit
     * per row; when set, it replaces the mappings (decision 0171).
     */
    script: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ImportTemplate', additionalProperties: false }
)
export type ImportTemplate = Static<typeof importTemplateSchema>
export type ImportTemplateData = Omit<ImportTemplate, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ImportTemplatePatch = Partial<ImportTemplateData>
