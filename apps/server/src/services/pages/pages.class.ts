import { Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { ShopPage } from '@emporia/shared'
import { toFeathersError } from '../../platform/db/pg-errors'
import { conflictError, fieldError } from '../../domains/eshop/site-errors'
import { CheckedRecordService } from '../../platform/records/checked-write'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import type { RecordParams } from '../../platform/records/record-service'

type Row = Record<string, unknown>

/**
 * A page as written: its path once in the shop (the unique index keeps it under concurrent writes), its
 * component one of the shop's. The component is share-locked, so removing it waits and then sees the page.
 */
export const checkPage = async (after: Row, _before: Row | undefined, trx: Knex.Transaction) => {
  const shop = String(after.shop)
  const component = await trx('components')
    .where({ shop, _id: String(after.component) })
    .forShare()
    .first('_id')
  if (!component) throw fieldError('component', 'pages.noSuchComponent')
  const other = await trx('pages')
    .where({ shop, path: after.path })
    .whereNot({ _id: String(after._id) })
    .first('_id')
  if (other) throw fieldError('path', 'pages.pathTaken')
}

/** A path taken by a write the check could not see yet (the unique index answered) is the same 400. */
const pathTaken = (error: unknown) => {
  const feathers = toFeathersError(error)
  const constraint = (feathers.data as { constraint?: string } | undefined)?.constraint
  return feathers instanceof Conflict && constraint === 'shop_path' ? fieldError('path', 'pages.pathTaken') : feathers
}

/** Pages (§3.13, decision 0107): name, path, the component shown, SEO. */
export class PageService extends CheckedRecordService<ShopPage> {
  protected readonly check = checkPage

  override async create(data: Partial<ShopPage> | Partial<ShopPage>[], params: RecordParams = {}) {
    return super.create(data, params).catch((error: unknown) => Promise.reject(pathTaken(error)))
  }

  override async update(id: Id, data: Partial<ShopPage>, params: RecordParams = {}) {
    return super.update(id, data, params).catch((error: unknown) => Promise.reject(pathTaken(error)))
  }

  override async patch(id: NullableId, data: Partial<ShopPage>, params: RecordParams = {}) {
    return super.patch(id, data, params).catch((error: unknown) => Promise.reject(pathTaken(error)))
  }

  /** The theme's home page is not removed (409): the storefront's `/` would lead nowhere. */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    const shop = params.shop
    return removeUnlessUsed(
      this.options,
      'pages',
      id,
      { ...params, shop },
      async (trx) => {
        if (
          await trx('themes')
            .where({ shop, homePage: String(id) })
            .first('_id')
        )
          throw conflictError('pages.pageIsHome')
      },
      (p) => super.remove(id, p)
    )
  }
}
