import type { MessageKey } from '../../lib/i18n/resources/en'

// Which issue brings a screen, as far as the issue list says today; the rest say "a later issue".
const byPrefix: [RegExp, MessageKey][] = [
  [/^(eshop\/(categories|brands))(\/|$)/, 'placeholder.issue5'],
  [/^(products|productBundles|productRelateds|warehouses\/)/, 'placeholder.issue6']
]

export const plannedIssue = (routeName: string): MessageKey =>
  byPrefix.find(([pattern]) => pattern.test(routeName))?.[1] ?? 'placeholder.later'
