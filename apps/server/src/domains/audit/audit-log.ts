import type { Knex } from 'knex'
import { auditDiff, type AuditArea, type AuditChanges } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'

export type { AuditArea } from '@emporia/shared'
export { auditDiff } from '@emporia/shared'

/** One change to record (decision 0137). */
export interface AuditInput {
  shop: string
  /** Who made the change; null for the server's own work (a sweep, a provider's webhook). */
  user: string | null
  area: AuditArea
  /** `<area>.<verb>`, e.g. `staff.invite`: the screen translates it. */
  action: string
  target?: string | null
  targetName?: string | null
  changes?: Record<string, { from: unknown; to: unknown }>
  details?: Record<string, unknown>
}

const nameOf = (row: { firstName?: string | null; lastName?: string | null; email?: string | null } | undefined) => {
  if (!row) return null
  const name = [row.firstName, row.lastName]
    .filter((part) => typeof part === 'string' && part.trim())
    .join(' ')
    .trim()
  return name || row.email || null
}

/**
 * Writes one audit row on the caller's transaction, so the row exists exactly when the change does
 * (a rolled-back change leaves none). The person's name is kept as it is now: the log still reads
 * right after they leave the shop or rename themselves. Secrets in `changes` are masked (auditDiff).
 */
export const recordAudit = async (trx: Knex | Knex.Transaction, entry: AuditInput): Promise<void> => {
  const person = entry.user
    ? ((await trx('users').where({ _id: entry.user }).first('firstName', 'lastName', 'email')) as
        { firstName?: string | null; lastName?: string | null; email?: string | null } | undefined)
    : undefined
  // Masks any secret a caller passed by mistake (a change is re-diffed field by field).
  const changes: AuditChanges = {}
  for (const [field, change] of Object.entries(entry.changes ?? {}))
    Object.assign(changes, auditDiff({ [field]: change.from }, { [field]: change.to }) as AuditChanges)
  await trx('auditLogs').insert({
    _id: newObjectId(),
    shop: entry.shop,
    user: entry.user,
    userName: nameOf(person),
    area: entry.area,
    action: entry.action,
    target: entry.target ?? null,
    targetName: entry.targetName ?? null,
    changes: JSON.stringify(changes),
    details: JSON.stringify(entry.details ?? {})
  })
}

/** A name to show for a record: plain text, or a translatable text's first language that has one. */
export const nameText = (value: unknown): string | null => {
  if (typeof value === 'string') return value || null
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const texts = value as Record<string, unknown>
    for (const lang of ['en', 'cht', 'chs', ...Object.keys(texts)])
      if (typeof texts[lang] === 'string' && texts[lang]) return texts[lang] as string
  }
  return null
}

/**
 * Records a change of one record from its two versions, when a field that matters changed: `fields`
 * names them (all but `exclude` when omitted). Answers whether a row was written.
 */
export const recordChange = async (
  trx: Knex | Knex.Transaction,
  entry: Omit<AuditInput, 'changes'> & {
    before: Record<string, unknown> | null | undefined
    after: Record<string, unknown> | null | undefined
    fields?: readonly string[]
    exclude?: readonly string[]
  }
): Promise<boolean> => {
  const { before, after, fields, exclude, ...rest } = entry
  const changes = auditDiff(before, after, fields)
  for (const field of exclude ?? [])
    for (const key of Object.keys(changes)) if (key === field || key.startsWith(`${field}.`)) delete changes[key]
  if (!Object.keys(changes).length) return false
  await recordAudit(trx, { ...rest, changes })
  return true
}

/** The signed-in caller of a service call, or null for the server's own. */
export const auditUser = (params: unknown): string | null =>
  (params as { user?: { _id?: unknown } } | undefined)?.user?._id?.toString() ?? null

const PRICE_FIELDS = ['price', 'dprice', 'cprice', 'mprice'] as const

/**
 * A product's prices as the audit log compares them: its own (`price`, `dprice`, `cprice`, `mprice`)
 * and each SKU's, named by the SKU (`skus.<name>.price`).
 */
export const pricesOf = (product: Record<string, unknown>): Record<string, unknown> => {
  const prices: Record<string, unknown> = {}
  for (const field of PRICE_FIELDS) prices[field] = product[field] ?? null
  const skus = Array.isArray(product.skus) ? (product.skus as Record<string, unknown>[]) : []
  if (skus.length)
    prices.skus = Object.fromEntries(
      skus.map((sku) => [
        nameText(sku.name) ?? String(sku.id),
        Object.fromEntries(PRICE_FIELDS.map((field) => [field, sku[field] ?? null]))
      ])
    )
  return prices
}

/**
 * A person's stock operation (restock, separate, transfer, cross-shop transfer): the product and the
 * warehouses by name as they are now, the SKU, the quantity and the comment.
 */
export const recordStockOperation = async (
  trx: Knex | Knex.Transaction,
  shop: string,
  user: string | null,
  input: { mode: string; product: string; warehouse: string; toWarehouse?: string; sku?: string; delta: number; comment?: string }
) => {
  const product = (await trx('products').where({ _id: input.product }).first('name')) as { name?: unknown } | undefined
  const warehouseName = async (id: string | undefined) =>
    id ? nameText(((await trx('warehouses').where({ _id: id }).first('name')) as { name?: unknown } | undefined)?.name) : null
  await recordAudit(trx, {
    shop,
    user,
    area: 'stock',
    action: `stock.${input.mode}`,
    target: input.product,
    targetName: nameText(product?.name),
    details: {
      sku: input.sku ?? '',
      delta: input.delta,
      warehouse: await warehouseName(input.warehouse),
      ...(input.toWarehouse ? { toWarehouse: await warehouseName(input.toWarehouse) } : {}),
      ...(input.comment ? { comment: input.comment } : {})
    }
  })
}
