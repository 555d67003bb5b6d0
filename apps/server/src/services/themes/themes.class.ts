import { Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Theme } from '@emporia/shared'
import { toFeathersError } from '../../platform/db/pg-errors'
import { conflictError, fieldError, problemsError } from '../../domains/eshop/site-errors'
import { themeProblems } from '../../domains/eshop/theme-problems'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'

type Row = Record<string, unknown>

/**
 * A theme as written: one per shop, colours, menus and header/footer props by the page model's rules,
 * the home page one of the shop's pages (share-locked, so removing it waits and then sees it used).
 */
export const checkTheme = async (after: Row, _before: Row | undefined, trx: Knex.Transaction) => {
  const shop = String(after.shop)
  if (
    await trx('themes')
      .where({ shop })
      .whereNot({ _id: String(after._id) })
      .first('_id')
  )
    throw conflictError('site.themeExists')
  const problems = themeProblems(after)
  if (problems.length) throw problemsError(problems)
  if (
    after.homePage &&
    !(await trx('pages')
      .where({ shop, _id: String(after.homePage) })
      .forShare()
      .first('_id'))
  )
    throw fieldError('homePage', 'pages.noSuchPage')
}

/** A second theme written at the same time as the first (the unique index answered): the same 409. */
const themeExists = (error: unknown) => {
  const feathers = toFeathersError(error)
  const constraint = (feathers.data as { constraint?: string } | undefined)?.constraint
  return feathers instanceof Conflict && constraint === 'shop' ? conflictError('site.themeExists') : feathers
}

/** The shop's theme (§2.10 menus and theme options, §3.1; decision 0107): at most one per shop. */
export class ThemeService extends CheckedRecordService<Theme> {
  protected readonly check = checkTheme

  override async create(data: Partial<Theme> | Partial<Theme>[], params: RecordParams = {}) {
    return super.create(data, params).catch((error: unknown) => Promise.reject(themeExists(error)))
  }

  override async update(id: Id, data: Partial<Theme>, params: RecordParams = {}) {
    return super.update(id, data, params).catch((error: unknown) => Promise.reject(themeExists(error)))
  }

  override async patch(id: NullableId, data: Partial<Theme>, params: RecordParams = {}) {
    return super.patch(id, data, params).catch((error: unknown) => Promise.reject(themeExists(error)))
  }
}
