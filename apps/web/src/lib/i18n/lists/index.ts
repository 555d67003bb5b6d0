import type { MessageKey } from '../resources/en'
import type { ScreenMessageKey } from '../screen-messages'
import { i18n, loadAppMessages, useTranslate } from '../i18n'
import { listsChs } from './chs'
import { listsCht } from './cht'
import { listsEn, type ListMessageKey } from './en'

// Added to the loaded languages when the first list module is imported (decision 0030).
for (const [lang, messages] of [
  ['en', listsEn],
  ['cht', listsCht],
  ['chs', listsChs]
] as const)
  i18n.addResources(lang, 'translation', messages)
// List screens are signed-in screens: their drawer and titles need the app's messages (already loading, decision 0011).
void loadAppMessages()

/** Any known key: the app's, the list building blocks' and the features' own (decision 0075). */
export type AnyMessageKey = MessageKey | ListMessageKey | ScreenMessageKey

/** `t` over the entry's, the list building blocks' and the features' keys. */
export const useListT = () => {
  const { translate, language } = useTranslate()
  return { t: translate as (key: AnyMessageKey, values?: Record<string, unknown>) => string, language, tAny: translate }
}

export const listT = (key: AnyMessageKey, values?: Record<string, unknown>) => i18n.t(key, values ?? {})

/** `listT` for keys that come with the data (a translatable value's `$t`), which no type can name. */
export const listTAny = (key: string, values?: Record<string, unknown>): string => i18n.t(key, values ?? {})
