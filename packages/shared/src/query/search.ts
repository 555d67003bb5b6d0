/**
 * Search helpers shared by the web app's search dialog and lookup fields (spec §5.7) and by
 * the server's query compiler, so that user text is escaped the same way everywhere.
 */
export type TextSearchType =
  | 'regstart'
  | 'regstart-case'
  | 'regstart-uppercase'
  | 'regstart-lowercase'
  | 'regexp'
  | 'regexp-case'
  | 'regexp-uppercase'
  | 'regexp-lowercase'

export interface RegexCondition {
  $regex: string
  $options?: 'i'
}

/** The longest `$regex` the server accepts; longer patterns are refused with a 400. */
export const MAX_REGEX_LENGTH = 256

const SPECIAL = /[.*+?^${}()|[\]\\]/g

export const escapeRegex = (text: string): string => text.replace(SPECIAL, '\\$&')

export const textCondition = (type: TextSearchType, input: string): RegexCondition => {
  const [kind, variant] = type.split('-') as ['regstart' | 'regexp', string | undefined]
  let text = input
  if (variant === 'uppercase') text = text.toUpperCase()
  if (variant === 'lowercase') text = text.toLowerCase()
  const pattern = (kind === 'regstart' ? '^' : '') + escapeRegex(text)
  return variant === 'case' ? { $regex: pattern } : { $regex: pattern, $options: 'i' }
}

/** A lookup field's query: the text matched case-insensitively against any configured field. */
export const lookupQuery = (fields: string[], text: string): { $or: Record<string, RegexCondition>[] } => ({
  $or: fields.map((field) => ({ [field]: { $regex: escapeRegex(text), $options: 'i' } }))
})
