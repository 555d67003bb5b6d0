import { BadRequest, Forbidden } from '@feathersjs/errors'
import { recordNotFound } from '../records/not-found'
import type { HookContext, Id } from '@feathersjs/feathers'
import { canRemoveRecord, canSeeRecord, canWriteRecord, isReadMethod, type SharedRecord } from '@emporia/shared'

type Query = Record<string, unknown>

/** How a shared-records condition names `accessShop`. */
export interface SharedRecordsForm {
  /**
   * Containment (`accessShop @> [{shop}]`), the form the row-security policy uses and a GIN index on
   * `accessShop` serves; otherwise a JSON path test (`accessShop.shop`), which no index serves.
   */
  indexed?: boolean
}

/** The records a shop may see: its own, and those that list it in `accessShop` (spec §6.3). */
export const sharedRecordsVisibleBy = (shop: string, { indexed = false }: SharedRecordsForm = {}): Query =>
  indexed ? { $or: [{ shop }, { accessShop: [{ shop }] }] } : { $or: [{ shop }, { 'accessShop.shop': shop }] }

/** The records a shop may change: its own, and those shared with it with write access (spec §6.3). */
export const sharedRecordsWritableBy = (shop: string): Query => ({ $or: [{ shop }, { accessShop: [{ shop, write: true }] }] })

/**
 * For services whose records can be shared across shops. Runs after scope-to-shop (which checked
 * membership and role and pinned `shop` in the query): reads widen from "this shop's records" to
 * "records visible to this shop"; a write by id is allowed by the record's own rights — write to
 * change it, owner to remove it — and only the owning shop may change who it is shared with.
 * The condition is built once here, in the form the table's indexes serve (`form`).
 */
export const sharedRecordAccess =
  (form: SharedRecordsForm = {}) =>
  async (context: HookContext) => {
    const params = context.params as HookContext['params'] & { shop?: string }
    const shop = params.shop
    if (!shop || context.method === 'create') return
    const { shop: _pinned, ...query } = (params.query ?? {}) as Query
    const narrowed = { ...query, $and: [...((query.$and as Query[] | undefined) ?? []), sharedRecordsVisibleBy(shop, form)] }
    if (isReadMethod(context.method)) {
      params.query = narrowed
      return
    }
    if (context.id === null || context.id === undefined) throw new BadRequest('Change shared records one at a time')
    const service = context.service as { _get: (id: Id, params: object) => Promise<SharedRecord> }
    const record = await service._get(context.id, {}).catch(() => undefined)
    if (!canSeeRecord(record, shop)) throw recordNotFound(context.id)
    const allowed = context.method === 'remove' ? canRemoveRecord(record, shop) : canWriteRecord(record, shop)
    if (!allowed) throw new Forbidden('No Permission', { key: 'errors.noPermission' })
    const data = context.data as Query | undefined
    const touchesAccess =
      data &&
      ('accessShop' in data ||
        Object.keys(data).some((key) => key.startsWith('$') && JSON.stringify(data[key]).includes('accessShop')))
    if (record?.shop !== shop && (touchesAccess || context.method === 'update'))
      throw new Forbidden('Only the owning shop changes who a record is shared with', { key: 'errors.noPermission' })
    params.query = narrowed
  }
