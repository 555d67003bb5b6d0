import { textCondition, type ListServicePath, type TextSearchType } from '@emporia/shared'

/**
 * A search dialog field (spec §5.7): text types match by regex, others compare values. `raw` sends the
 * text as it is (a service's own keyword search, e.g. products' `$search`, spec §3.16); `select` picks
 * records of another service (one id, or several with `multiple`).
 */
export type SearchType = TextSearchType | 'array' | 'enum' | 'boolean' | 'dateRange' | 'numberRange' | 'raw' | 'select'

export interface SearchFieldConfig {
  field: string
  type: SearchType
  /** Message key of the label. */
  label: string
  /** For enum / array: value → message key. */
  enumList?: Record<string, string>
  /** Several stored paths matched by one text input (a translatable name: name, name.en, …), joined by $or. */
  paths?: string[]
  /** select: the service the choices come from (the value is `valueField`, `_id` when unsaid). */
  source?: { path: ListServicePath; textField?: string; valueField?: string; searchFields?: string[] }
  multiple?: boolean
  /** Set only by a link (the new-order popup's `_id`): not offered in the search dialog, cleared with it. */
  hidden?: boolean
  /** The condition of a filled value, when the service expects another shape than `{field: value | {$in}}`. */
  toQuery?: (value: unknown) => Record<string, unknown>
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
  const top: Record<string, unknown> = {}
  for (const config of fields) {
    const value = values[config.field]
    if (isEmpty(value)) continue
    if (config.toQuery) {
      conditions.push(config.toQuery(value))
      continue
    }
    switch (config.type) {
      case 'raw': {
        // A service keyword (`$search`) belongs at the top of the query, not inside `$and`.
        const text = String(value).trim()
        if (text) top[config.field] = text
        break
      }
      case 'select':
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
  return conditions.length ? { ...top, $and: conditions } : top
}

/** The paths of a translatable text field: the plain string form and each language. */
export const translatablePaths = (field: string) => [field, `${field}.en`, `${field}.cht`, `${field}.chs`]
