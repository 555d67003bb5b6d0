/**
 * Shared records (spec §6.3): a record belongs to `shop` and may be opened to other shops through
 * `accessShop[]`, each entry granting write (modify) and/or owner (remove) rights. Both answers are
 * false without a shop or a record. The server enforces these; the web app enables buttons with them.
 */
export interface AccessShopEntry {
  shop: string
  write?: boolean
  owner?: boolean
}

export interface SharedRecord {
  shop?: string
  accessShop?: AccessShopEntry[] | null
}

const entryFor = (record: SharedRecord, shopId: string) => record.accessShop?.find((entry) => entry.shop === shopId)

export const canWriteRecord = (record: SharedRecord | null | undefined, shopId: string | null | undefined): boolean => {
  if (!record || !shopId) return false
  return record.shop === shopId || entryFor(record, shopId)?.write === true
}

export const canRemoveRecord = (record: SharedRecord | null | undefined, shopId: string | null | undefined): boolean => {
  if (!record || !shopId) return false
  return record.shop === shopId || entryFor(record, shopId)?.owner === true
}

/** A shop sees a shared record it owns or that lists it in `accessShop`. */
export const canSeeRecord = (record: SharedRecord | null | undefined, shopId: string | null | undefined): boolean => {
  if (!record || !shopId) return false
  return record.shop === shopId || entryFor(record, shopId) !== undefined
}
