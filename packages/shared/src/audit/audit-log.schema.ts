import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'

/**
 * The audit log (issue 31, decision 0137): who changed what and when in a shop. Written by the server
 * only, in the transaction of the change it records; never changed or removed by anyone (the database
 * refuses it too). Orders keep their own history (`orders/history`).
 */

/** What part of the shop a change was in: the screen's area filter. */
export const auditAreas = ['staff', 'settings', 'products', 'discounts', 'stock', 'billing', 'pos', 'account'] as const
export type AuditArea = (typeof auditAreas)[number]

/** One field's change: its value before and after. */
export interface AuditChange {
  from: unknown
  to: unknown
}
export type AuditChanges = Record<string, AuditChange>

/** What a writer records: the shop, who (null for the server's own work: a sweep, a webhook), what and on what. */
export interface AuditEntry {
  shop: string
  user: string | null
  area: AuditArea
  /** `<area>.<verb>`, e.g. `staff.invite`, `settings.change`: the screen translates it. */
  action: string
  /** The record changed (an id, a plan code), when there is one. */
  target?: string | null
  /** Its name as it was when changed, so the log reads the same after it is renamed or removed. */
  targetName?: string | null
  changes?: AuditChanges
  /** Anything else worth keeping (never a secret: no password, PIN, code or card number). */
  details?: Record<string, unknown>
}

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

export const auditLogSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    // The person who made the change, and their name then (they may leave the shop later).
    user: nullable(Type.String({ pattern: ID_PATTERN })),
    userName: nullable(Type.String()),
    area: literals(auditAreas),
    action: Type.String({ minLength: 1, maxLength: 80 }),
    target: nullable(Type.String({ maxLength: 200 })),
    targetName: nullable(Type.String()),
    changes: Type.Optional(Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() }))),
    details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'AuditLog', additionalProperties: false }
)
export type AuditLog = Static<typeof auditLogSchema>

/** Fields never written to the log, whatever the change (secrets; decision 0137). */
export const auditSecretFields = [
  'password',
  'pin',
  'pinHash',
  'totp',
  'totpSecret',
  'secret',
  'token',
  'apiKey',
  'card',
  'cardNumber',
  'cvc'
] as const

const isSecret = (field: string) => {
  const lower = field.toLowerCase()
  return (
    auditSecretFields.some((secret) => lower === secret.toLowerCase()) ||
    /(password|secret|token|pin$|pinhash|totp|apikey|privatekey|cardnumber|cvc)/.test(lower)
  )
}

/** None, an empty text and an empty list are the same "nothing": a new member with no permissions changed none. */
const blank = (value: unknown) => (value === undefined || value === '' || (Array.isArray(value) && !value.length) ? null : value)
const same = (a: unknown, b: unknown) => JSON.stringify(blank(a)) === JSON.stringify(blank(b))
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value)

/** A value with every secret inside it masked (a settings object may hold a key's flag next to its name). */
const masked = (value: unknown, depth = 0): unknown => {
  if (Array.isArray(value)) return depth > 4 ? value : value.map((item) => masked(item, depth + 1))
  if (!isPlainObject(value) || depth > 4) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecret(key) ? '***' : masked(inner, depth + 1)]))
}

const diffInto = (changes: AuditChanges, path: string, key: string, from: unknown, to: unknown, depth: number) => {
  if (same(from, to)) return
  if (isSecret(key)) {
    changes[path] = { from: '***', to: '***' }
    return
  }
  // Two versions of a settings object: each inner field that changed, named `field.inner`.
  if (isPlainObject(from) && isPlainObject(to) && depth < 2) {
    for (const inner of new Set([...Object.keys(from), ...Object.keys(to)]))
      diffInto(changes, `${path}.${inner}`, inner, from[inner], to[inner], depth + 1)
    return
  }
  changes[path] = { from: masked(from ?? null), to: masked(to ?? null) }
}

/** Fields every record has that are no change of anyone's. */
const BOOKKEEPING = new Set(['_id', 'shop', 'createdAt', 'updatedAt'])

/**
 * The fields that changed between two versions of a record (only those in `fields` when given), with
 * their values before and after; an object field is compared field by field inside (`cardPayment.enabled`).
 * Secrets are named as changed, their values never kept.
 */
export const auditDiff = (
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  fields?: readonly string[]
): AuditChanges => {
  const keys = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const changes: AuditChanges = {}
  for (const key of keys) if (!BOOKKEEPING.has(key)) diffInto(changes, key, key, before?.[key], after?.[key], 0)
  return changes
}
