import { useTranslation } from 'react-i18next'
import type { MessageKey } from '../resources/en'
import { i18n } from '../i18n'
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

export type AnyMessageKey = MessageKey | ListMessageKey

/** `t` over the entry's and the list building blocks' keys. */
export const useListT = () => {
  const { t, i18n: instance } = useTranslation()
  return { t: (key: AnyMessageKey, values?: Record<string, unknown>) => t(key, values ?? {}), language: instance.language }
}

export const listT = (key: AnyMessageKey, values?: Record<string, unknown>) => i18n.t(key, values ?? {})
