type Row = Record<string, unknown>

const LANGUAGES = new Set(['en', 'cht', 'chs'])

const optionIds = (definition: Row) =>
  new Set((Array.isArray(definition.options) ? (definition.options as Row[]) : []).map((option) => option.id))

const isTranslatable = (value: unknown) =>
  typeof value === 'string' ||
  (typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([language, text]) => LANGUAGES.has(language) && typeof text === 'string'))

/** Whether a product's spec value fits its definition's type (spec §3.7, §9.8 specType); null clears it. */
export const specValueFits = (definition: Row, value: unknown): boolean => {
  if (value === null || value === undefined) return true
  switch (definition.type) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false
      const { min, max } = definition
      return (typeof min !== 'number' || value >= min) && (typeof max !== 'number' || value <= max)
    }
    case 'boolean':
      return typeof value === 'boolean'
    case 'enum':
      return typeof value === 'string' && optionIds(definition).has(value)
    case 'multiEnum': {
      if (!Array.isArray(value)) return false
      const ids = optionIds(definition)
      return value.every((id) => ids.has(id)) && new Set(value).size === value.length
    }
    case 'string':
      return typeof value === 'string'
    case 'tran':
      return isTranslatable(value)
    default:
      return false
  }
}
