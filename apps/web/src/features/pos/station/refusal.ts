import { refusedFields } from '../../../components/editor/server-errors'
import { errorMessage } from '../../../lib/errors'
import { i18n } from '../../../lib/i18n/i18n'

/** A refusal as the till's dialogs show it: a translated message per refused field, and the whole error's text. */
export interface Refusal {
  fields: Record<string, string>
  message: string
}

export const refusalOf = (error: unknown): Refusal => {
  const message = errorMessage(error)
  const fields: Record<string, string> = {}
  for (const entry of refusedFields(error))
    fields[entry.field!] ??=
      (entry.key && i18n.exists(entry.key) && i18n.t(entry.key, entry.values ?? {})) || entry.message || message
  return { fields, message }
}

/** The message when none of the fields a dialog shows took it (it then goes in the dialog's alert). */
export const unplaced = (refusal: Refusal | undefined, shown: readonly string[]) =>
  refusal && !Object.keys(refusal.fields).some((field) => shown.includes(field)) ? refusal.message : undefined
