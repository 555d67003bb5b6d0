import type { LocaleId } from '@emporia/shared'

/*
 * A screen's own texts (title, columns, fields, empty list) live beside it, one file per feature with
 * every language (decision 0075); the app merges them into the interface's messages.
 */

export type MessageBundles = Record<LocaleId, Record<string, string>>

/** One feature's messages: English gives the keys, and cht and chs must have exactly those. */
export const defineMessages = <const E extends Record<string, string>>(messages: {
  en: E
  cht: Record<keyof E, string>
  chs: Record<keyof E, string>
}) => messages

/**
 * Each feature's message keys, by feature: its messages file adds itself here (module augmentation),
 * so a declaration naming a key that no file defines is a type error.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each feature's messages file
export interface ScreenMessageKeys {}

export type ScreenMessageKey = ScreenMessageKeys[keyof ScreenMessageKeys] & string

/** The bundles of several features as one, per language. */
export const mergeMessages = (bundles: readonly MessageBundles[]): MessageBundles => ({
  en: Object.assign({}, ...bundles.map((bundle) => bundle.en)),
  cht: Object.assign({}, ...bundles.map((bundle) => bundle.cht)),
  chs: Object.assign({}, ...bundles.map((bundle) => bundle.chs))
})
