import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { BATCH_LIMIT, canWriteRecord, type SharedRecord } from '@emporia/shared'
import {
  checkShareConsent,
  shareInBatch,
  sharedRecordAccess,
  sharedRecordsVisibleBy,
  sharedRecordsWritableBy,
  sharedWithShops
} from '../../platform/tenancy'
import type { SharedProducts } from './shared-products'

type Query = Record<string, unknown>

/**
 * `accessShop.shop` compiles to a JSON path test no index serves; containment (`@>`) is the same
 * condition, served by the products_access_shop index, in the form the row-security policy uses.
 */
const sharedProductAccess = sharedRecordAccess({ indexed: true })

/**
 * The batch status change, `patch(null, {status}, {query: {_id: {$in: ids}, shop}})`: at most
 * BATCH_LIMIT ids, and every named product the shop can see must be one it may write (§6.3), or
 * nothing changes.
 */
const batchAccess = async (context: HookContext) => {
  const params = context.params as HookContext['params'] & { shop?: string }
  const shop = params.shop
  if (!shop) return
  // Sharing goes one record at a time, where the owner and the other shop's consent are checked.
  if (sharedWithShops(context.data)) throw shareInBatch()
  const { shop: _pinned, ...query } = (params.query ?? {}) as Query
  const ids = (query._id as { $in?: unknown } | undefined)?.$in
  if (!Array.isArray(ids) || !ids.length || ids.length > BATCH_LIMIT)
    throw new BadRequest(`Name the products to change as _id: {$in: [...]}, at most ${BATCH_LIMIT}`, {
      key: 'format.invalid',
      field: '_id'
    })
  const service = context.service as { _find: (params: object) => Promise<SharedRecord[]> }
  const seen = await service._find({
    query: { _id: { $in: ids }, ...sharedRecordsVisibleBy(shop, { indexed: true }), $select: ['_id', 'shop', 'accessShop'] },
    paginate: false
  })
  if (seen.some((record) => !canWriteRecord(record, shop))) throw new Forbidden('No Permission', { key: 'errors.noPermission' })
  params.query = { ...query, $and: [...((query.$and as Query[] | undefined) ?? []), sharedRecordsWritableBy(shop)] }
}

/**
 * Products are shared records (§6.3): one at a time through sharedRecordAccess, or a batch status
 * change. A list of a shop nothing is shared with stays pinned to the shop (see SharedProducts).
 */
export const productAccess = (shared: SharedProducts, knex: Knex) => async (context: HookContext) => {
  if (context.method === 'patch' && (context.id === null || context.id === undefined)) return batchAccess(context)
  const shop = (context.params as { shop?: string }).shop
  if (context.method === 'find' && shop && !(await shared.has(shop))) return
  await sharedProductAccess(context)
  await shareConsent(context, knex)
}

/**
 * A create, update or patch that names shops in `accessShop` names only shops that agreed to it
 * (decision 0123); the record's current entries stay (sharedRecordAccess already keeps a non-owner
 * from touching them). Runs after sharedRecordAccess, so a patch or update here is the owner's.
 */
const shareConsent = async (context: HookContext, knex: Knex) => {
  const shop = (context.params as { shop?: string }).shop
  if (!shop || !['create', 'update', 'patch'].includes(context.method)) return
  const named = sharedWithShops(context.data)
  if (!named?.size) return
  let already: string[] = []
  if (context.method !== 'create') {
    const service = context.service as { _get: (id: unknown, params: object) => Promise<SharedRecord> }
    const record = await service._get(context.id, {}).catch(() => undefined)
    already = (record?.accessShop ?? []).map((entry) => entry.shop)
  }
  await checkShareConsent(knex, shop, named, already)
}
