import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { normalisedCustomer, type CustomerAddress } from '@emporia/shared'
import { recomputeRank } from '../ranks'
import { moveCustomerReferences } from './customer-references'

type Row = Record<string, unknown>

/** Fields of the kept customer that the removed one fills when the kept one has none. */
const FILLED = ['title', 'firstName', 'lastName', 'email', 'phone', 'region', 'company', 'remarks'] as const
const MAX_ADDRESSES = 20

const empty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim())

/** Two addresses are one when every field but `default` says the same (case and spaces aside). */
const addressKey = (address: CustomerAddress) =>
  JSON.stringify(
    (['label', 'firstName', 'lastName', 'company', 'apt', 'city', 'country', 'phone'] as const).map((key) =>
      String(address[key] ?? '')
        .trim()
        .toLowerCase()
    )
  )

/** The kept customer's addresses, then the removed one's that are new; one default at most (the kept one's). */
export const combineAddresses = (kept: CustomerAddress[], removed: CustomerAddress[]): CustomerAddress[] => {
  const seen = new Set(kept.map(addressKey))
  const hasDefault = kept.some((address) => address.default === true)
  const added = removed
    .filter((address) => {
      const key = addressKey(address)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map((address) => (hasDefault ? { ...address, default: false } : address))
  const all = [...kept, ...added].slice(0, MAX_ADDRESSES)
  // When only the removed customer had a default, the first of theirs stays the one.
  let defaultSeen = false
  return all.map((address) => {
    if (address.default !== true) return address
    if (defaultSeen) return { ...address, default: false }
    defaultSeen = true
    return address
  })
}

const list = (value: unknown): CustomerAddress[] => (Array.isArray(value) ? (value as CustomerAddress[]) : [])

export interface MergeResult {
  keep: string
  removed: string
  moved: Record<string, number>
}

/**
 * Merges customer `remove` into `keep` (decision 0083), in the caller's transaction: both rows are
 * locked; orders, payments and rank logs move to the kept customer; its empty fields are filled from
 * the removed one, addresses combined, points added; the removed customer is deleted. Any refusal or
 * failure rolls all of it back.
 */
export const mergeCustomers = async (trx: Knex.Transaction, shop: string, keep: string, remove: string): Promise<MergeResult> => {
  if (keep === remove)
    throw new BadRequest('A customer cannot be merged with itself', { key: 'customer.mergeSelf', field: 'remove' })
  const rows = (await trx('shopUsers').where({ shop }).whereIn('_id', [keep, remove]).orderBy('_id').forUpdate()) as Row[]
  const kept = rows.find((row) => row._id === keep)
  const removed = rows.find((row) => row._id === remove)
  for (const [field, row] of [
    ['keep', kept],
    ['remove', removed]
  ] as const) {
    if (!row) throw new BadRequest('Not a customer of this shop', { key: 'customer.notCustomer', field })
    if (row.erasedAt) throw new BadRequest("This customer's personal data has been erased", { key: 'customer.erased', field })
  }
  const a = kept as Row
  const b = removed as Row
  const moved = await moveCustomerReferences(trx, shop, remove, keep)
  // Deleted before its e-mail and phone move over: the unique indexes see one holder at a time.
  await trx('shopUsers').where({ shop, _id: remove }).delete()
  const changes: Row = {}
  for (const field of FILLED) if (empty(a[field]) && !empty(b[field])) changes[field] = b[field]
  if (!empty(b.points)) changes.points = Number(a.points ?? 0) + Number(b.points)
  // The earlier membership start is the customer's.
  if (b.date && (!a.date || new Date(String(b.date)) < new Date(String(a.date)))) changes.date = b.date
  const addresses = combineAddresses(list(a.addresses), list(b.addresses))
  if (addresses.length !== list(a.addresses).length) changes.addresses = JSON.stringify(addresses)
  const normal = normalisedCustomer({ ...a, ...changes })
  await trx('shopUsers')
    .where({ shop, _id: keep })
    .update({ ...changes, name: normal.name, type: normal.type, updatedAt: new Date() })
  // The kept customer now holds both customers' orders: their rank is decided again on all of them.
  await recomputeRank(trx, shop, keep, 'merged')
  return { keep, removed: remove, moved }
}
