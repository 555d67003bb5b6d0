import { errorMessage } from '../../lib/errors'
import { i18n } from '../../lib/i18n/i18n'
import { refusalOf, type Refusal } from './refusal'

/** A key's text in the interface language, or undefined when this client does not know it. */
export const translateKnown = (key: string, values?: Record<string, unknown>) =>
  i18n.exists(key) ? i18n.t(key, values ?? {}) : undefined

/** A refused call's messages by field, in the interface language. */
export const serverRefusal = (error: unknown): Refusal => refusalOf(error, translateKnown, errorMessage(error))
