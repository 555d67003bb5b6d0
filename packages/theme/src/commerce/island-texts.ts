import type { LocaleId } from '@emporia/shared'
import { commerceText, type CommerceMessageKey } from './commerce-messages'

/**
 * The words an island needs, in the page's language, for its `data-texts` attribute: the script then
 * carries no dictionary of its own (decision 0109: the product page's JavaScript stays small).
 */
export const islandTexts = (locale: LocaleId, keys: readonly CommerceMessageKey[]) =>
  JSON.stringify(Object.fromEntries(keys.map((key) => [key, commerceText(key, locale)])))
