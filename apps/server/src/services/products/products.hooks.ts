import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import { BATCH_LIMIT, canWriteRecord, type SharedRecord } from '@emporia/shared'
import { sharedRecordAccess, sharedRecordsVisibleBy, sharedRecordsWritableBy } from '../../tenancy'
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
export const productAccess = (shared: SharedProducts) => async (context: HookContext) => {
  if (context.method === 'patch' && (context.id === null || context.id === undefined)) return batchAccess(context)
  const shop = (context.params as { shop?: string }).shop
  if (context.method === 'find' && shop && !(await shared.has(shop))) return
  await sharedProductAccess(context)
}
