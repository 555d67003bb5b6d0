import { mergeMessages, type MessageBundles } from '../lib/i18n/screen-messages'

/**
 * Every feature's own messages (`features/<x>/<x>.messages.ts`, decision 0075), and those several features
 * share (`lib/i18n/<x>.messages.ts`: the plan features), found by name: a new screen's texts need no line
 * here. A lazy chunk loaded with the app's messages.
 */
const modules = import.meta.glob<Record<string, MessageBundles>>(['../features/*/*.messages.ts', '../lib/i18n/*.messages.ts'], {
  eager: true
})

export const featureBundles: Record<string, MessageBundles> = Object.fromEntries(
  Object.entries(modules).flatMap(([file, module]) => Object.values(module).map((bundle) => [file, bundle] as const))
)

export const screenMessages = mergeMessages(Object.values(featureBundles))
