import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { cashCheckProblem, isCashCount, isObjectId, type CashCheck, type CashDetail } from '@emporia/shared'
import { checkDate, drawerFlow, lastCheckOf, lockDrawer, type Drawer } from '../../domains/pos/drawer'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { assertValid, dataValidators, stripReadOnly } from '../../platform/records/validate-data'
import { shopTransaction } from '../../platform/tenancy'
import { cashCheckModel } from './cashbox-logs.schema'

type Row = Record<string, unknown>

const validators = dataValidators(cashCheckModel)

const messages = {
  'format.required': '"amount" is required',
  'cash.mustBeNegative': 'Must be negative',
  'cash.mustBePositive': 'Must be positive',
  'cash.mustNotBeNegative': 'Must not be negative',
  'cash.detailsMismatch': '"amount" must be the total of the details'
} as const

const refused = (field: string, message: string, key = 'format.invalid') => new BadRequest(message, { key, field })

/** The shared rule (spec §5.3), with the same key the editor shows. */
export const checkCashCheck = (check: Row) => {
  const problem = cashCheckProblem(check)
  if (problem) throw new BadRequest(messages[problem.key], problem)
}

const userOf = (params: RecordParams) => (params as { user?: { _id?: string } }).user?._id ?? null

const shopOf = (params: RecordParams) => {
  if (!params.shop) throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  return params.shop
}

/** Per denomination: how many more than the previous count by denominations (none without one). */
const detailDeltas = (details: CashDetail[] | undefined, previous: unknown): CashDetail[] | undefined => {
  if (!details) return undefined
  const before = new Map<number, number>()
  if (Array.isArray(previous))
    for (const line of previous as CashDetail[]) before.set(line.value, (before.get(line.value) ?? 0) + line.number)
  return details.map(({ value, number }) =>
    Array.isArray(previous) && previous.length ? { value, number, delta: number - (before.get(value) ?? 0) } : { value, number }
  )
}

/** A value as stored and as a client sends it back, compared as JSON (dates as ISO text, keys sorted). */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Row).sort(([a], [b]) => a.localeCompare(b)))
      : inner
  )

/**
 * The cashbox log (spec §3.11 cash check, §5.3; decision 0081). A create records what the cashier
 * did or counted and works out, under the drawer's lock, what the drawer should hold; a check is
 * history afterwards: a patch may only cancel it or change its comment, and nothing is removed.
 */
export class CashCheckService extends RecordService<CashCheck> {
  private get db() {
    return this.options.db.knex
  }

  private inShopTransaction<T>(shop: string, params: RecordParams, run: (trx: Knex.Transaction) => Promise<T>) {
    return shopTransaction(this.db, this.options.rowSecurity === true, shop, (trx) => run(trx), params.transaction)
  }

  override async create(data: Partial<CashCheck> | Partial<CashCheck>[], params: RecordParams = {}): Promise<CashCheck> {
    if (Array.isArray(data)) throw refused('data', 'Record one cash check at a time')
    if (!data || typeof data !== 'object') throw refused('data', 'Data must be an object')
    const shop = shopOf(params)
    // What the server works out is never taken from a client.
    const input = params.provider ? stripReadOnly(this.model, data as Row) : { ...(data as Row) }
    assertValid(validators.create, input)
    checkCashCheck(input)
    const drawer: Drawer = { shop, cashier: (input.cashier as string | null | undefined) ?? null }
    return this.inShopTransaction(shop, params, async (trx) => {
      await lockDrawer(trx, drawer, 'exclusive')
      const date = await checkDate(trx, drawer)
      const last = await lastCheckOf(trx, drawer)
      const lastAmount = last ? Number(last.amount) : 0
      const start = last ? new Date(last.date as string).toISOString() : null
      // An in or out counts itself: its expected amount is the drawer's running amount after it.
      const own = isCashCount(input.type) ? 0 : Number(input.amount)
      const flow = await drawerFlow(trx, drawer, start, date)
      const expectedDelta = flow.payments + flow.moves + own
      const expectedAmount = lastAmount + expectedDelta
      const count = isCashCount(input.type)
      const amount = Number(input.amount)
      const record: Row = {
        ...input,
        cashier: drawer.cashier,
        hasDetails: input.hasDetails ?? Boolean((input.details as unknown[] | undefined)?.length),
        details: detailDeltas(input.details as CashDetail[] | undefined, count ? last?.details : undefined),
        status: 'valid',
        admin: userOf(params),
        date,
        lastAmount,
        lastDate: start,
        lastType: last?.type ?? null,
        startPeriod: start,
        endPeriod: date,
        expectedDelta,
        expectedAmount,
        // The drawer's first count sets its float: there was nothing to expect.
        delta: count ? amount - lastAmount : null,
        diff: count && last ? amount - expectedAmount : null,
        summary: flow.summary
      }
      return (await this._create(record, { transaction: trx, shop })) as CashCheck
    })
  }

  override async patch(id: NullableId, data: Partial<CashCheck>, params: RecordParams = {}): Promise<CashCheck> {
    if (id === null) throw refused('_id', 'Change cash checks one at a time')
    if (!isObjectId(id)) throw new NotFound(`No record found for id '${String(id)}'`)
    const shop = shopOf(params)
    const change = this.intakePatch(data)
    return this.inShopTransaction(shop, params, async (trx) => {
      const found = await this.stored(trx, id, shop)
      // Cancelling changes which check is the drawer's last: it waits for the drawer like a check.
      await lockDrawer(trx, { shop, cashier: (found.cashier as string | null) ?? null }, 'exclusive')
      const before = await this.stored(trx, id, shop)
      const allowed: Row = {}
      for (const [field, value] of Object.entries(change)) {
        if (field === 'comment') allowed.comment = value
        else if (field === 'status') {
          if (value !== before.status && !(value === 'cancelled' && before.status === 'valid'))
            throw refused('status', 'A cash check can only be cancelled', 'cash.onlyCancel')
          allowed.status = value
        } else if (canonical(value) !== canonical(before[field]))
          throw refused(field, `"${field}" cannot be changed: a cash check is history (cancel it and record a new one)`)
      }
      assertValid(validators.patch, { ...allowed })
      if (!Object.keys(allowed).length) return this.answer(before)
      return (await this._patch(id, allowed, { transaction: trx, shop })) as CashCheck
    })
  }

  /**
   * A patch's fields, whether plain or by `$set` (the side door gets the same answers); `$unset` may
   * clear the comment only, and a change inside a field or by a list operator is refused by its name.
   */
  private intakePatch(data: unknown): Row {
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw refused('data', 'Data must be an object')
    const change: Row = {}
    const whole = (path: string) => {
      const field = path.split('.')[0]
      if (path !== field) throw refused(field, `"${field}" cannot be changed: a cash check is history`)
      return field
    }
    for (const [key, value] of Object.entries(data as Row)) {
      const fields = value && typeof value === 'object' ? Object.entries(value as Row) : []
      if (key === '$set') for (const [path, inner] of fields) change[whole(path)] = inner
      else if (key === '$unset') for (const [path] of fields) change[whole(path)] = null
      else if (key.startsWith('$')) throw refused(fields[0]?.[0].split('.')[0] ?? key, `${key} cannot change a cash check`)
      else change[key] = value
    }
    for (const field of Object.keys(change))
      if (!this.model.fields.has(field)) throw refused(field, `Unknown field "${field}"`, 'format.unknownField')
    return change
  }

  private async stored(trx: Knex.Transaction, id: Id, shop: string): Promise<Row> {
    const row = (await trx(this.model.table).where({ _id: id, shop }).first()) as Row | undefined
    if (!row) throw new NotFound(`No record found for id '${String(id)}'`)
    return row
  }

  /** A stored row as the service answers it (unset fields left out). */
  private answer(row: Row): CashCheck {
    return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null && value !== undefined)) as CashCheck
  }
}
