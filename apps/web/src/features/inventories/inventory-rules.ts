import { defaultTotalPrice } from '@emporia/shared'
import dayjs from 'dayjs'
import type { Values } from '../../lib/form-values'

/** A day from a date input ("2026-03-04") as the API's date-time; other values pass unchanged. */
export const dayToIso = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value).toISOString() : value

const present = (value: unknown) => value !== undefined && value !== null && value !== ''

/**
 * A restock entry as saved (spec §3.8): the total price defaults to unit price × quantity, days become
 * date-times, and a product without SKUs has none. Once saved only supplier, comment and expiry change
 * (the editor sends only those: the other fields are create-only).
 */
export const prepareInventory = (data: Values): Values => {
  const out: Values = { ...data }
  for (const name of ['entryDate', 'expiryDate']) if (name in out) out[name] = present(out[name]) ? dayToIso(out[name]) : null
  if (!out.sku) delete out.sku
  if (!present(out.totalPrice)) {
    const total = defaultTotalPrice(out.unitPrice as number | null | undefined, out.quantity as number | null | undefined)
    if (total !== null) out.totalPrice = total
  }
  for (const name of ['supplier', 'comment']) if (name in out && !present(out[name])) out[name] = null
  return out
}
