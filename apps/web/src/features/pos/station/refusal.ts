import { refusalOf as spreadRefusal, type Refusal } from '../../../components/editor/refusal'
import { i18n } from '../../../lib/i18n/i18n'
import { cashierErrorMessage } from '../offline/cashier-errors'

export { unplaced, type Refusal } from '../../../components/editor/refusal'

/** A refusal as the till's dialogs show it: each refused field's message in the interface language, and the whole text. */
export const refusalOf = (error: unknown): Refusal =>
  spreadRefusal(error, (key, values) => (i18n.exists(key) ? i18n.t(key, values ?? {}) : ''), cashierErrorMessage(error))
