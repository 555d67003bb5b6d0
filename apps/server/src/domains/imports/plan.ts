import type { TObject, TSchema } from '@sinclair/typebox'
import {
  brandSchema,
  categorySchema,
  companyUserSchema,
  discountSchema,
  inventorySchema,
  productSchema,
  shopUserSchema,
  type ExportColumn,
  type ImportEnumWord,
  type ImportTemplate,
  type LocaleId
} from '@emporia/shared'

/** A list an import can write (decisions 0164, 0172): its service, schema and, when it has them, its item rows. */
export interface ImportTarget {
  path: string
  schema: TObject
  /** The array whose items each take a row of their own (a product's SKUs), and their key. */
  items?: { field: string; key: string; schema: TObject }
  /**
   * Natural keys (decision 0172): fields that find an existing record of the shop besides `_id`, so a
   * sheet without IDs updates rather than duplicates. A value no record has makes a new record; one
   * that two records have is the row's error, both named. Without a template, a mapped column of one
   * of these fields is a key; a template says its own keys.
   */
  keys?: string[]
  /**
   * The only fields an existing record takes from a sheet; a change to any other is the row's error
   * (an inventory entry's quantity is stock already moved: a new entry moves more, never an edit).
   */
  patchable?: string[]
  /**
   * An ID the shop does not have makes a new record and is remembered as its external ID (decision
   * 0174), so a sheet from another shop imports, and imports again, onto this one. Not for stock
   * entries: an unknown ID there would move stock a second time.
   */
  externalIds?: boolean
}

const itemsSchema = (schema: TObject, field: string) => (schema.properties[field] as TSchema & { items: TObject }).items

export const IMPORT_TARGETS: Record<string, ImportTarget> = {
  products: {
    path: 'products',
    schema: productSchema,
    items: { field: 'skus', key: 'id', schema: itemsSchema(productSchema, 'skus') },
    externalIds: true
  },
  categories: { path: 'categories', schema: categorySchema, keys: ['name'], externalIds: true },
  brands: { path: 'brands', schema: brandSchema, keys: ['name'], externalIds: true },
  shopUsers: { path: 'shopUsers', schema: shopUserSchema, keys: ['email', 'phone'], externalIds: true },
  companyUsers: { path: 'companyUsers', schema: companyUserSchema, keys: ['name'], externalIds: true },
  discounts: { path: 'discounts', schema: discountSchema, keys: ['couponCode'], externalIds: true },
  /**
   * Stock entries (decision 0172): each new row is a restock through the inventory entries' own service,
   * which writes the ledger row (and lot) in its transaction; stock levels are never written directly.
   */
  inventories: { path: 'inventories', schema: inventorySchema, patchable: ['supplier', 'comment', 'expiryDate'] }
}

/** How one sheet column (or constant) fills one field of the record or of its item. */
export interface MappedColumn {
  /** The cell's index in the row; none for a constant. */
  index?: number
  header: string
  /** Path in the record (`price`, `name`) or, for an item, in the item (`price` with `item`). */
  field: string
  item: boolean
  kind?: ExportColumn['kind']
  /**
   * The key written inside the field's object: a translated text's language (`name.en`), or a property
   * of an object field (`filters.categories`, `member.minQty`, decision 0172); the rest of it is kept.
   */
  lang?: LocaleId | (string & {})
  /** Word (lower case) → stored value, from the list's labels in every language and the template's words. */
  words?: Map<string, string>
  ref?: ExportColumn['ref']
  many: boolean
  nullable: boolean
  /** A text in three languages (a name): as a key, it finds its record by name in any language (decision 0172). */
  translated?: boolean
  key: boolean
  constant?: string
}

export interface ImportPlan {
  target: ImportTarget
  columns: MappedColumn[]
  /** Sheet titles no field takes: left out of the import (shown in the preview). */
  ignored: string[]
}

type Schema = TSchema & { anyOf?: Schema[]; type?: string; readOnly?: boolean; items?: Schema }
const LOCALES = new Set(['en', 'cht', 'chs'])
const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

const fieldSchema = (schema: TObject, name: string) => schema.properties[name] as Schema | undefined
const isArray = (schema: Schema | undefined): boolean =>
  Boolean(schema && (schema.type === 'array' || schema.anyOf?.some((option) => option.type === 'array')))
const isNullable = (schema: Schema | undefined): boolean => Boolean(schema?.anyOf?.some((option) => option.type === 'null'))
const isTranslated = (schema: Schema | undefined): boolean =>
  Boolean(schema?.anyOf?.some((option) => option.type === 'object' && 'en' in ((option as TObject).properties ?? {})))

const objectOf = (schema: Schema | undefined) =>
  (schema?.type === 'object' ? schema : schema?.anyOf?.find((option) => option.type === 'object')) as
    (Schema & { properties?: Record<string, Schema> }) | undefined

/** A property of an object field of the record (`filters.categories`): written into that object, one level deep. */
const nestedPlace = (target: ImportTarget, name: string, itemOrLang: boolean) => {
  const [top, inner, ...deeper] = name.split('.')
  if (itemOrLang || deeper.length) return undefined
  const outer = fieldSchema(target.schema, top)
  const schema = objectOf(outer)?.properties?.[inner]
  if (!schema || outer?.readOnly || schema.readOnly || isTranslated(outer)) return undefined
  return { field: top, item: false, lang: inner, many: isArray(schema), nullable: isNullable(schema), translated: false }
}

/** Where a column's field lands: the record or its item, with the language split off `name.en`; undefined when not writable. */
const placeOf = (target: ImportTarget, column: Pick<ExportColumn, 'field' | 'lang'>) => {
  let path = column.field
  let lang = column.lang
  const parts = path.split('.')
  if (!lang && parts.length > 1 && LOCALES.has(parts[parts.length - 1])) {
    lang = parts.pop() as LocaleId
    path = parts.join('.')
  }
  const items = target.items
  const item = Boolean(items && path.startsWith(`${items.field}.`))
  const name = item ? path.slice(items!.field.length + 1) : path
  if (name.includes('.')) return nestedPlace(target, name, item || Boolean(lang))
  const schema = fieldSchema(item ? items!.schema : target.schema, name)
  // `_id` is read-only but finds the record; any other server-owned field is not imported.
  if (!schema || (schema.readOnly && name !== '_id')) return undefined
  return { field: name, item, lang, many: isArray(schema), nullable: isNullable(schema), translated: isTranslated(schema) }
}

const wordsOf = (columns: ExportColumn[], words: ImportEnumWord[] = []) => {
  const map = new Map<string, string>()
  for (const column of columns) for (const [value, label] of Object.entries(column.enum ?? {})) map.set(norm(label), value)
  for (const { word, value } of words) map.set(norm(word), value)
  return map.size ? map : undefined
}

/**
 * The columns of the sheet mapped onto the target: by the template's mappings (field ← title), or
 * without one by the list's own column titles in any of the three languages (the export's titles,
 * so an exported file maps back whole). The list's descriptions (`columns`) give each field its kind,
 * choices and reference, as the export wrote them.
 */
export const planImport = (
  target: ImportTarget,
  headers: string[],
  columns: ExportColumn[],
  template?: Pick<ImportTemplate, 'mappings'>
): ImportPlan => {
  const byHeader = new Map<string, number>()
  headers.forEach((header, index) => {
    if (header.trim() && !byHeader.has(norm(header))) byHeader.set(norm(header), index)
  })
  const described = (field: string, lang?: string) =>
    columns.filter((column) => column.field === field && (column.lang ?? undefined) === lang)
  const mapped: MappedColumn[] = []
  const used = new Set<number>()
  const add = (
    source: Pick<ExportColumn, 'field' | 'lang'>,
    header: string,
    extra: Partial<MappedColumn>,
    words?: ImportEnumWord[]
  ) => {
    const place = placeOf(target, source)
    if (!place) return
    const same = described(source.field, source.lang)
    const first = same[0]
    const fieldPath = `${place.item ? `${target.items!.field}.` : ''}${place.field}`
    const alias = first ? {} : described(fieldPath, place.lang)[0]
    const info = first ?? alias
    if (extra.index !== undefined) used.add(extra.index)
    mapped.push({
      header,
      field: place.field,
      item: place.item,
      lang: place.lang,
      kind: info?.kind,
      ref: info?.ref,
      words: wordsOf(same.length ? same : described(fieldPath, place.lang), words),
      many: place.many,
      nullable: place.nullable,
      translated: place.translated,
      key: !place.item && (place.field === '_id' || Boolean(target.keys?.includes(place.field))),
      ...extra
    })
  }
  if (template?.mappings.length) {
    for (const mapping of template.mappings) {
      const titles = (mapping.header ?? '').split('|').map(norm).filter(Boolean)
      const index = titles.map((title) => byHeader.get(title)).find((found) => found !== undefined)
      if (mapping.sourceType === 'constant')
        add({ field: mapping.field }, '', { constant: mapping.value ?? '', key: false }, mapping.enumMap)
      else if (index !== undefined)
        add({ field: mapping.field }, headers[index], { index, key: mapping.key === true }, mapping.enumMap)
    }
  } else {
    for (const column of columns) {
      const index = byHeader.get(norm(column.header))
      if (index === undefined || used.has(index)) continue
      add(column, headers[index], { index })
    }
  }
  const ignored = headers.filter((header, index) => header.trim() && !used.has(index))
  // The ID is read first (it decides over natural keys); a reference to an item of another field's record
  // (an entry's SKU of its product) after that field.
  const rank = (column: MappedColumn) => (column.field === '_id' && !column.item ? 0 : column.ref?.from ? 2 : 1)
  const ordered = [...mapped].sort((one, other) => rank(one) - rank(other))
  return { target, columns: ordered, ignored }
}
