import { textCondition, type TextSearchType } from '@emporia/shared'

/** A search dialog field (spec §5.7): text types match by regex, others compare values. */
export type SearchType = TextSearchType | 'array' | 'enum' | 'boolean' | 'dateRange' | 'numberRange'

export interface SearchFieldConfig {
  field: string
  type: SearchType
  /** Message key of the label. */
  label: string
  /** For enum / array: value → message key. */
  enumList?: Record<string, string>
  /** Several stored paths matched by one text input (a translatable name: name, name.en, …), joined by $or. */
  paths?: string[]
}

export type SearchValues = Record<string, unknown>

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)

/**
 * The query of a search: one condition per filled field, all joined by `$and`. Text is escaped
 * (regstart / regexp and their variants), empty arrays are dropped.
 */
export const buildSearchQuery = (fields: readonly SearchFieldConfig[], values: SearchValues): Record<string, unknown> => {
  const conditions: Record<string, unknown>[] = []
  for (const config of fields) {
    const value = values[config.field]
    if (isEmpty(value)) continue
    switch (config.type) {
      case 'array': {
        const list = (Array.isArray(value) ? value : [value]).filter((item) => !isEmpty(item))
        if (list.length) conditions.push({ [config.field]: { $in: list } })
        break
      }
      case 'enum':
      case 'boolean':
        conditions.push({ [config.field]: value })
        break
      case 'dateRange':
      case 'numberRange': {
        const [from, to] = Array.isArray(value) ? value : []
        const range: Record<string, unknown> = {}
        if (!isEmpty(from)) range.$gte = from
        if (!isEmpty(to)) range.$lte = to
        if (Object.keys(range).length) conditions.push({ [config.field]: range })
        break
      }
      default: {
        const text = String(value).trim()
        if (!text) break
        const condition = textCondition(config.type, text)
        if (config.paths?.length) conditions.push({ $or: config.paths.map((path) => ({ [path]: condition })) })
        else conditions.push({ [config.field]: condition })
      }
    }
  }
  return conditions.length ? { $and: conditions } : {}
}

/** The paths of a translatable text field: the plain string form and each language. */
export const translatablePaths = (field: string) => [field, `${field}.en`, `${field}.cht`, `${field}.chs`]
