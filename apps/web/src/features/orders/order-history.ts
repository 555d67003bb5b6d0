import { orderStatuses, paymentMethods, paymentStatuses } from '@emporia/shared'
import { formatMoney } from '../../lib/format'
import { orderStatusLabels, paymentMethodLabels, paymentStatusLabels } from '../../lib/order-labels'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/** The history's actions (shared orderEventSchema); an unknown one shows as the server wrote it. */
export const historyActions = [
  'created',
  'status',
  'payment',
  'refund',
  'ship',
  'edit',
  'split',
  'link',
  'void',
  'fulfil'
] as const

type Translate = (key: string) => string
/** A line's name by its index in the order (for `lines` of a refund or a fulfilment). */
type LineName = (index: number) => string

/** Detail fields that hold record ids or internals: the merchant reads the rest of the entry instead. */
const HIDDEN = new Set(['payment', 'payments', 'by', 'to', 'splitFrom', 'replacement'])

/** Detail fields the merchant reads by name (`history.field.<name>`): never the record's own field name. */
const NAMED = new Set([
  'amount',
  'total',
  'subtotal',
  'discount',
  'rounding',
  'refund',
  'received',
  'change',
  'due',
  'method',
  'extraMethod',
  'status',
  'lines',
  'reason',
  'tender',
  'company',
  'tracking',
  'trackingUrl',
  'address',
  'remarks',
  'reference',
  'customer',
  'name',
  'phone',
  'email',
  'quantity'
])

/** A detail field's name in the interface's language; a field this client does not know stays as written. */
const fieldName = (key: string, t: Translate) => (NAMED.has(key) ? t(`history.field.${key}`) : key)

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

/** One line of a refund (`{line, quantity, restock}`) or a fulfilment (`{line, fulfilled}`). */
const lineText = (item: Record<string, unknown>, t: Translate, lineName: LineName) => {
  const name = lineName(Number(item.line))
  const units =
    item.quantity !== undefined
      ? ` × ${String(item.quantity)}`
      : item.fulfilled !== undefined
        ? `: ${String(item.fulfilled)}`
        : ''
  return `${name}${units}${item.restock === false ? ` (${t('history.noRestock')})` : ''}`
}

const isLine = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { line?: unknown }).line === 'number'

const valueText = (key: string, value: unknown, t: Translate, lineName: LineName): string => {
  if (MONEY.has(key) && typeof value === 'number') return formatMoney(value)
  if (key === 'lines' && Array.isArray(value) && value.every(isLine))
    return value.map((item) => lineText(item, t, lineName)).join(', ')
  if (typeof value === 'string') return word(value, t)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map((item) => valueText(key, item, t, lineName)).join(', ')
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '')
      .map(([name, inner]) => `${fieldName(name, t)}: ${valueText(name, inner, t, lineName)}`)
      .join(', ')
  return ''
}

/**
 * Reasons the server itself writes, as a word (decision 0120: the unpaid-order sweep voids with
 * `expired`). Only an entry without a user is the server's: a merchant's typed reason stays as typed.
 */
const systemReasons: Record<string, AnyMessageKey> = { expired: 'history.reason.expired' }

/**
 * What an entry's detail says, one "field: value" per changed field, each field by its translated name
 * ("金額", never "amount"), money and statuses shown as on the rest of the page, lines by their
 * product's name; ids are left out. `system`: the entry was written by the server (no user).
 */
export const historyDetailText = (
  detail: unknown,
  t: Translate,
  lineName: LineName = (i) => `#${i + 1}`,
  { system = false }: { system?: boolean } = {}
): string => {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return ''
  const text = (key: string, value: unknown) =>
    system && key === 'reason' && typeof value === 'string' && systemReasons[value]
      ? t(systemReasons[value])
      : valueText(key, value, t, lineName)
  return Object.entries(detail as Record<string, unknown>)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${fieldName(key, t)}: ${text(key, value)}`)
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
