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
    auditSecretFields.some((secret) => lower === secret.toLowerCase()) || /(password|secret|token|pin$|pinhash|totp)/.test(lower)
  )
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields that changed between two versions of a record (only those in `fields` when given), with
 * their values before and after; secrets are named as changed, their values never kept.
 */
export const auditDiff = (
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  fields?: readonly string[]
): AuditChanges => {
  const keys = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const changes: AuditChanges = {}
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'createdAt' || key === '_id' || key === 'shop') continue
    const from = before?.[key]
    const to = after?.[key]
    if (same(from, to)) continue
    changes[key] = isSecret(key) ? { from: '***', to: '***' } : { from: from ?? null, to: to ?? null }
  }
  return changes
}
