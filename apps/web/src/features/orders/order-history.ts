import { orderStatuses, paymentMethods, paymentStatuses } from '@emporia/shared'
import { formatMoney } from '../../lib/format'
import { orderStatusLabels, paymentMethodLabels, paymentStatusLabels } from '../../lib/order-labels'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/** The history's actions (shared orderEventSchema); an unknown one shows as the server wrote it. */
export const historyActions = ['created', 'status', 'payment', 'refund', 'ship', 'edit', 'split', 'link', 'void'] as const

type Translate = (key: string) => string

/** Fields of an entry's detail that are cents. */
const MONEY = new Set(['amount', 'total', 'subtotal', 'discount', 'rounding', 'refund', 'received', 'change', 'due'])

/** A status or method word, translated when it is one of ours. */
const word = (value: string, t: Translate) => {
  if ((orderStatuses as readonly string[]).includes(value)) return t(orderStatusLabels[value as keyof typeof orderStatusLabels])
  if ((paymentMethods as readonly string[]).includes(value))
    return t(paymentMethodLabels[value as keyof typeof paymentMethodLabels])
  if ((paymentStatuses as readonly string[]).includes(value))
    return t(paymentStatusLabels[value as keyof typeof paymentStatusLabels])
  return value
}

const valueText = (key: string, value: unknown, t: Translate): string => {
  if (MONEY.has(key) && typeof value === 'number') return formatMoney(value)
  if (typeof value === 'string') return word(value, t)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map((item) => valueText(key, item, t)).join(', ')
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '')
      .map(([name, inner]) => `${name}: ${valueText(name, inner, t)}`)
      .join(', ')
  return ''
}

/**
 * What an entry's detail says, one "field: value" per changed field, in the record's own field names
 * (as the server writes them), money and statuses shown as on the rest of the page.
 */
export const historyDetailText = (detail: unknown, t: Translate): string => {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return ''
  return Object.entries(detail as Record<string, unknown>)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${valueText(key, value, t)}`)
    .filter((text) => !text.endsWith(': '))
    .join(' · ')
}

/** The action's label key; undefined for an action this client does not know. */
export const historyActionKey = (action: string): AnyMessageKey | undefined =>
  (historyActions as readonly string[]).includes(action) ? (`orderHistory.${action}` as AnyMessageKey) : undefined

/** "Paid → Allocating" for a status move; empty when the entry moved nothing. */
export const historyMoveText = (from: unknown, to: unknown, t: Translate): string =>
  [from, to].every((value) => typeof value === 'string' && value)
    ? `${word(from as string, t)} → ${word(to as string, t)}`
    : typeof to === 'string' && to
      ? word(to, t)
      : ''
