import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId, Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { customerProblem, normalisedCustomer, type ShopUser } from '@emporia/shared'
import { toFeathersError } from '../../platform/db/pg-errors'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'
import { customerHasOrders, customerHasPoints } from '../../domains/customers/customer-references'
import { grantPromotions } from '../../domains/promotions'

type Row = Record<string, unknown>

const messages = {
  'customer.nameOrContact': 'Give a name, an e-mail or a phone number',
  'customer.oneDefaultAddress': 'Only one address can be the default',
  'customer.companyType': 'Only a company customer names a business customer',
  'customer.noSuchCompany': 'No such business customer in this shop',
  'customer.erased': "This customer's personal data has been erased"
} as const

/** The unique indexes of the shop-users-search migration, as the field and message they stand for. */
const TAKEN: Record<string, { key: string; field: string; text: string }> = {
  email: { key: 'customer.emailTaken', field: 'email', text: 'Another customer of this shop already has this e-mail' },
  phone: { key: 'customer.phoneTaken', field: 'phone', text: 'Another customer of this shop already has this phone number' }
}

/** A duplicate e-mail or phone (the unique index answered) as a 409 naming the field. */
export const takenError = (error: unknown) => {
  const feathers = toFeathersError(error)
  const constraint = (feathers.data as { constraint?: string } | undefined)?.constraint
  const taken = feathers instanceof Conflict && constraint ? TAKEN[constraint] : undefined
  return taken ? new Conflict(taken.text, { key: taken.key, field: taken.field }) : feathers
}

/**
 * The rules of a customer as written (create, update, patch and its operators alike): the server's
 * fields are brought to their stored form (name "first last", lower-case e-mail, phone without spaces,
 * type normal), then the record is checked; a company named must be one of the shop's.
 */
export const checkShopUser = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
  if (before?.erasedAt) throw new BadRequest(messages['customer.erased'], { key: 'customer.erased' })
  const normal = normalisedCustomer(after)
  const changed = Object.fromEntries(Object.entries(normal).filter(([key, value]) => after[key] !== value))
  if (Object.keys(changed).length) {
    await trx('shopUsers').where('_id', String(after._id)).update(changed)
    Object.assign(after, changed)
  }
  const problem = customerProblem(after)
  if (problem) throw new BadRequest(messages[problem.key], problem)
  if (after.company && after.company !== before?.company) {
    const company = await trx('companyUsers').where({ shop: after.shop, _id: after.company }).first('_id')
    if (!company) throw new BadRequest(messages['customer.noSuchCompany'], { key: 'customer.noSuchCompany', field: 'company' })
  }
}

/** Plain data as the customer will be stored, so the unique indexes see the stored form at once. */
const normalInput = <T>(data: T, create: boolean): T => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  const row = { ...(data as Row) }
  if (typeof row.email === 'string') row.email = row.email.trim().toLowerCase()
  if (typeof row.phone === 'string') row.phone = (normalisedCustomer({ phone: row.phone }).phone as string) || row.phone
  if (create && (row.date === undefined || row.date === null)) row.date = new Date().toISOString()
  return row as T
}

const records = (result: unknown): Row[] =>
  (Array.isArray(result)
    ? result
    : result && typeof result === 'object' && 'data' in result
      ? (result as Paginated<Row>).data
      : [result]) as Row[]

/**
 * Customers (spec §3.10, decision 0083). Writes keep the stored form and the rules (checkShopUser, in
 * the write's transaction), duplicates of e-mail or phone are a 409 on the field, a customer with
 * orders is not removed, and a text search behind the row-security wall finds its page through the
 * prefix indexes first.
 */
export class ShopUserService extends CheckedRecordService<ShopUser> {
  protected readonly check = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
    await checkShopUser(after, before, trx)
    // A new customer gets the shop's afterRegister promotions in the same transaction (decision 0090).
    if (!before)
      await grantPromotions(trx, String(after.shop), 'afterRegister', { user: String(after._id), now: new Date().toISOString() })
  }

  private answer<T>(result: T, params: RecordParams): T {
    const selected = Boolean((params.query as Row | undefined)?.$select)
    if (!selected) for (const record of records(result)) Object.assign(record, normalisedCustomer(record))
    return result
  }

  override async create(data: Partial<ShopUser> | Partial<ShopUser>[], params: RecordParams = {}) {
    const input = Array.isArray(data) ? data.map((item) => normalInput(item, true)) : normalInput(data, true)
    try {
      return this.answer(await super.create(input, params), params)
    } catch (error) {
      throw takenError(error)
    }
  }

  override async update(id: Id, data: Partial<ShopUser>, params: RecordParams = {}) {
    try {
      return this.answer(await super.update(id, normalInput(data, true), params), params)
    } catch (error) {
      throw takenError(error)
    }
  }

  override async patch(id: NullableId, data: Partial<ShopUser>, params: RecordParams = {}) {
    try {
      return this.answer(await super.patch(id, normalInput(data, false), params), params)
    } catch (error) {
      throw takenError(error)
    }
  }

  /**
   * A customer with orders or payments stays (409 `customer.hasOrders`): their history would point at
   * nobody. Merge the duplicate or erase the personal data instead. The row is locked first, so an
   * order taken at the same time (which reads the customer with a share lock) waits or is refused.
   */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null) return super.remove(id, params)
    const run = async (trx: Knex.Transaction) => {
      const p = { ...params, transaction: trx }
      // Through get: the caller's query and shop apply, and a foreign id is a 404.
      await this.get(id, { ...p, query: { ...(params.query as Row), $select: ['_id'] } })
      await trx('shopUsers').where('_id', String(id)).forUpdate().first('_id')
      if (params.shop && (await customerHasOrders(trx, params.shop, String(id))))
        throw new Conflict('This customer has orders; merge or erase the customer instead', { key: 'customer.hasOrders' })
      if (params.shop && (await customerHasPoints(trx, params.shop, String(id))))
        throw new Conflict('This customer has a points history; merge or erase the customer instead', {
          key: 'customer.hasPoints'
        })
      return super.remove(id, p)
    }
    return params.transaction ? run(params.transaction) : this.options.db.knex.transaction(run)
  }

  /**
   * PostgreSQL uses no index for a condition that is not leakproof (`lower(name) LIKE`) behind the
   * row-security wall, so a prefix search there would read every customer of the shop. The page's ids
   * are therefore found as the owner, with the shop named in the query (scope-to-shop put it there),
   * through the prefix indexes; the rows are then read behind the wall, by id, with the query's
   * conditions again (as products do for keywords, docs/benchmarks.md).
   */
  override async find(params: RecordParams = {}): Promise<Paginated<ShopUser> | ShopUser[]> {
    const { $select, $populate, $paginate, $limit, $skip, $cursor, $sort, ...conditions } = (params.query ?? {}) as Row
    const searching = JSON.stringify(conditions).includes('"$regex"')
    if (!this.options.rowSecurity || !params.shop || !searching || conditions.shop !== params.shop) return super.find(params)
    const paging: RecordParams = $paginate === false || $paginate === 'false' ? { ...params, paginate: false } : { ...params }
    const idsQuery: Row = { ...conditions, $limit, $skip, $cursor, $sort, $select: ['_id'] }
    const found = await this._find({ ...paging, query: idsQuery } as RecordParams)
    const ids = records(found).map((record) => String(record._id))
    const rows = ids.length
      ? records(
          await super.find({
            ...params,
            paginate: false,
            query: { ...conditions, $and: [...((conditions.$and as Row[]) ?? []), { _id: { $in: ids } }], $select, $populate }
          } as RecordParams)
        )
      : []
    const byId = new Map(rows.map((row) => [String(row._id), row]))
    // Rows as the record service answers them, which follow the customers schema.
    const data = ids.flatMap((id) => byId.get(id) ?? []) as ShopUser[]
    return Array.isArray(found) ? data : { ...(found as Paginated<ShopUser>), data }
  }
}
