import { auditAreas, type AuditArea } from '@emporia/shared'
import { formatMoney } from '../../lib/format'

/** Translates a message key; answers the key itself when there is no such message. */
export type Translate = (key: string) => string

/** The actions the server records (decision 0137), each with its label's key. */
export const auditActions = [
  'staff.invite',
  'staff.resend',
  'staff.withdraw',
  'staff.change',
  'staff.remove',
  'staff.accept',
  'staff.decline',
  'settings.change',
  'products.price',
  'discounts.create',
  'discounts.change',
  'discounts.remove',
  'stock.restock',
  'stock.separate',
  'stock.transfer',
  'stock.crossTransfer',
  'stock.stockTake',
  'billing.trial',
  'billing.book',
  'billing.checkout',
  'billing.payment',
  'billing.operator',
  'billing.sweep',
  'billing.system',
  'approval.drawer',
  'approval.discount',
  'approval.refund',
  'approval.serve'
] as const

export const auditAreaLabels = Object.fromEntries(auditAreas.map((area) => [area, `audit.area.${area}`])) as Record<
  AuditArea,
  string
>
export const auditActionLabels = Object.fromEntries(auditActions.map((action) => [action, `audit.action.${action}`])) as Record<
  string,
  string
>

/** Fields whose values are amounts in cents. */
const MONEY = /(^|\.)(price|dprice|cprice|mprice|monthlyDiscount|maxDiscount|amount)$/
/** Fields whose values are one of a few words the log translates. */
const WORDS = /(^|\.)(role|state|posAccess)$/

/** A message, or what to show when there is none (the key came back). */
const orElse = (t: Translate, key: string, fallback: string) => {
  const text = t(key)
  return text === key ? fallback : text
}

/** One value of a change as a merchant reads it: amounts as money, yes/no, words translated, none as a dash. */
export const formatAuditValue = (field: string, value: unknown, t: Translate): string => {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return t(value ? 'table.yes' : 'table.no')
  if (typeof value === 'number' && MONEY.test(field)) return formatMoney(value)
  if (typeof value === 'string' && WORDS.test(field)) return orElse(t, `audit.value.${value}`, value)
  if (Array.isArray(value)) return value.length ? value.map((item) => formatAuditValue(field, item, t)).join(', ') : '—'
  if (typeof value === 'object') {
    const texts = value as Record<string, unknown>
    if (typeof texts.en === 'string') return texts.en
    return JSON.stringify(value)
  }
  return String(value)
}

/** A changed field's name: its label when the log knows it (`audit.field.price`), else its path. */
export const auditFieldLabel = (field: string, t: Translate) => {
  const sku = /^skus\.(.+)\.(\w+)$/.exec(field)
  if (sku) return `${sku[1]} – ${orElse(t, `audit.field.${sku[2]}`, sku[2])}`
  return orElse(t, `audit.field.${field}`, field)
}

export interface AuditRowLike {
  action?: unknown
  changes?: unknown
  details?: unknown
}

/** What changed, field by field: "Role: Cashier → Staff; Price: $10.00 → $11.00". */
export const describeAuditChanges = (row: AuditRowLike, t: Translate): string => {
  const parts: string[] = []
  const changes = (row.changes && typeof row.changes === 'object' ? row.changes : {}) as Record<
    string,
    { from?: unknown; to?: unknown }
  >
  for (const [field, change] of Object.entries(changes))
    parts.push(
      `${auditFieldLabel(field, t)}: ${formatAuditValue(field, change?.from, t)} → ${formatAuditValue(field, change?.to, t)}`
    )
  const details = (row.details && typeof row.details === 'object' ? row.details : {}) as Record<string, unknown>
  // A stock correction: how many, from which warehouse to which, and why.
  if (typeof details.delta === 'number') parts.push(`${t('audit.field.quantity')}: ${details.delta}`)
  if (typeof details.warehouse === 'string')
    parts.push(
      typeof details.toWarehouse === 'string' ? `${details.warehouse} → ${details.toWarehouse}` : String(details.warehouse)
    )
  if (typeof details.comment === 'string' && details.comment) parts.push(details.comment)
  if (!Object.keys(changes).length && typeof details.role === 'string')
    parts.push(`${t('audit.field.role')}: ${formatAuditValue('role', details.role, t)}`)
  return parts.join('; ')
}

/** The action's label, or the action itself for one this screen does not know yet. */
export const auditActionText = (action: unknown, t: Translate) =>
  typeof action === 'string' ? orElse(t, `audit.action.${action}`, action) : ''

/** Who made the change: their name as it was then, else "System" for the server's own work. */
export const auditPerson = (row: { user?: unknown; userName?: unknown }, t: Translate) => {
  if (typeof row.userName === 'string' && row.userName) return row.userName
  if (typeof row.user === 'string' && row.user) return `…${row.user.slice(-6)}`
  return t('audit.system')
}
