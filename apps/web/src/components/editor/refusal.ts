import { refusedFields, type Translate } from './server-errors'

/** A server refusal as a dialog shows it: a message per refused field path, and the whole error's text. */
export interface Refusal {
  fields: Record<string, string>
  message: string
}

/**
 * Spreads a refusal over the dialog's inputs by the server's field path (`amount`, `confirm`,
 * `lines.0.quantity`, `products.1.linkItem.fulfilled`), each in the interface language (decision 0065).
 */
export const refusalOf = (error: unknown, translate: Translate, message: string): Refusal => {
  const fields: Record<string, string> = {}
  for (const entry of refusedFields(error)) {
    const text = (entry.key && translate(entry.key, entry.values)) || entry.message || message
    fields[entry.field!] ??= text
  }
  return { fields, message }
}

/** The refusal's text when none of the paths a dialog shows took it (it then goes in the dialog's alert). */
export const unplaced = (refusal: Refusal | undefined, shown: readonly string[]): string | undefined =>
  refusal && !Object.keys(refusal.fields).some((path) => shown.includes(path)) ? refusal.message : undefined
