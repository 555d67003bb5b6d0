import type { Sku } from './product.schema'

/** A stored text: one string, or one per language. */
type Text = string | { en?: string; cht?: string; chs?: string }
const LANGUAGES = ['en', 'cht', 'chs'] as const

/** One variant option of a product and its values (Size: S, M, L), as the product's attributes keep them. */
export interface VariantOption {
  name: Text
  values: Text[]
}

/** A value's text in one language, else the first it has. */
const textIn = (text: Text | undefined, language: (typeof LANGUAGES)[number]): string => {
  if (text === undefined || text === null) return ''
  if (typeof text === 'string') return text
  return text[language] || text.en || text.cht || text.chs || ''
}

/** What identifies a value within its option: its text in every language it has, trimmed. */
const valueKey = (text: Text) => textIn(text, 'en').trim()

const isTranslated = (text: Text) => typeof text === 'object' && text !== null

/** The separator between an option value and the next in a generated SKU name ("S / red"). */
export const VARIANT_SEPARATOR = ' / '

/** Every combination of one value per option, in option order; options without values are skipped. */
export const variantCombinations = (options: readonly VariantOption[]): Text[][] => {
  const used = options.map((option) => uniqueValues(option.values)).filter((values) => values.length > 0)
  if (!used.length) return []
  return used.reduce<Text[][]>((rows, values) => rows.flatMap((row) => values.map((value) => [...row, value])), [[]])
}

const uniqueValues = (values: readonly Text[]) => {
  const seen = new Set<string>()
  return values.filter((value) => {
    const key = valueKey(value)
    if (!key || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** A combination's SKU name: its values joined, per language when any value is translated. */
export const variantName = (combination: readonly Text[]): Text => {
  if (!combination.some(isTranslated)) return combination.map((value) => textIn(value, 'en')).join(VARIANT_SEPARATOR)
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, combination.map((value) => textIn(value, language)).join(VARIANT_SEPARATOR)])
  )
}

/** The value keys a SKU name stands for, by its English (or only) text. */
const nameKeys = (name: unknown): string[] =>
  textIn(name as Text, 'en')
    .split(VARIANT_SEPARATOR.trim())
    .map((part) => part.trim())
    .filter(Boolean)

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, i) => key === b[i])

export interface VariantRowsResult {
  /** One SKU per combination: matched SKUs keep their id, code and prices; new ones get a new id. */
  skus: Sku[]
  /** Existing SKUs no combination matches any more (their stock must be moved before saving). */
  dropped: Sku[]
}

/**
 * The SKU rows for the options (options × values, spec §3.7 SKU list), keeping what the existing rows
 * hold: a SKU whose name is exactly a combination keeps its id (stock is kept under it), code and
 * prices. When an option is added, a SKU named by fewer values ("S") passes its prices to every
 * combination it is part of ("S / red", "S / blue"), and its id and code to the first of them only (an
 * id and a code name one SKU); when one is removed, the first SKU of the larger names passes them on
 * the same way. Rows no combination matches are returned as dropped.
 */
export const variantRows = (
  options: readonly VariantOption[],
  existing: readonly Sku[],
  newId: () => string
): VariantRowsResult => {
  const combinations = variantCombinations(options)
  const unused = new Set(existing)
  const keysOf = new Map(existing.map((sku) => [sku, nameKeys(sku.name)]))
  const rows = combinations.map((combination) => ({ combination, keys: combination.map(valueKey) }))
  const taken = new Map<number, Sku>()
  // Exact matches first, so an added row never takes another row's id.
  rows.forEach((row, i) => {
    const match = [...unused].find((sku) => sameKeys(keysOf.get(sku) ?? [], row.keys))
    if (match) {
      taken.set(i, match)
      unused.delete(match)
    }
  })
  const skus = rows.map((row, i): Sku => {
    const name = variantName(row.combination) as Sku['name']
    const exact = taken.get(i)
    if (exact) return { ...exact, name }
    // A SKU named by a part of this combination (an option was added) or by more (one was removed):
    // its values carry over, an unused one's id and code too.
    const related = (sku: Sku) => {
      const keys = keysOf.get(sku) ?? []
      if (!keys.length || keys.length === row.keys.length) return false
      const [small, large] = keys.length < row.keys.length ? [keys, row.keys] : [row.keys, keys]
      return small.every((key) => large.includes(key))
    }
    const part = existing.find((sku) => related(sku) && unused.has(sku)) ?? existing.find(related)
    if (part && unused.has(part)) {
      unused.delete(part)
      return { ...part, name }
    }
    const { id: _id, code: _code, quantity: _quantity, ...prices } = part ?? ({} as Partial<Sku>)
    return { ...(part ? prices : {}), id: newId(), name } as Sku
  })
  return { skus, dropped: existing.filter((sku) => unused.has(sku)) }
}

/** The bulk edit of the matrix: `field` set to `value` on the rows whose ids are chosen (all when none are). */
export const setVariantField = <K extends 'price' | 'dprice' | 'cprice' | 'mprice' | 'code'>(
  skus: readonly Sku[],
  field: K,
  value: Sku[K],
  ids?: ReadonlySet<string>
): Sku[] => skus.map((sku) => (!ids?.size || ids.has(sku.id) ? { ...sku, [field]: value } : sku))
