import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  pointLogSchema,
  servicePaths,
  shopUserPointSchema,
  shopUserSchema,
  type PointExpireType,
  type PointLotSource,
  type PointReason,
  type UserPointStatus
} from '@emporia/shared'
import { asRecord } from '../stock/changes'
import type { LedgerEnv } from '../stock/moves'
import { newObjectId } from '../../platform/http/object-id'

export type Row = Record<string, unknown>
const DAY = 86_400_000

export interface PointTypeRow {
  _id: string
  allowTransfer: boolean
  autoExtend: boolean
  expireType: PointExpireType
  expiresIn: number | null
  validFrom: Date | null
}

export interface LotRow {
  _id: string
  shop: string
  user: string
  pointType: string
  point: number
  value: number
  used: number
  status: UserPointStatus
  expiresAt: Date | null
  order: string | null
  source: PointLotSource
  date: Date
}

/** Who moved the points and why, written on every log row of the move. */
export interface MoveNote {
  order?: string | null
  counterpart?: string | null
  admin?: string | null
  remarks?: string | null
}

export interface CustomerRow {
  _id: string
  joined: Date
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value))

/**
 * A lot as its row holds it: every column kept (its event carries them), numbers and dates read as such.
 * The other columns are typed by LotRow, an interface, which a plain row reaches only through unknown.
 */
export const lotOf = (row: Row): LotRow => ({
  ...(row as unknown as LotRow),
  point: Number(row.point),
  value: Number(row.value),
  used: Number(row.used),
  expiresAt: asDate(row.expiresAt),
  date: asDate(row.date) as Date
})

/**
 * Locks customers of the shop (in id order, so two transfers between the same pair never deadlock):
 * every write to a customer's points holds this lock until commit, so moves of one customer run one
 * after the other and each sees the balance the previous one left (decision 0091).
 */
export const lockCustomers = async (trx: Knex.Transaction, shop: string, users: { id: string; field: string }[]) => {
  const ids = [...new Set(users.map((u) => u.id))].sort()
  const rows = (await trx('shopUsers')
    .where({ shop })
    .whereIn('_id', ids)
    .orderBy('_id')
    .forUpdate()
    .select('_id', 'date', 'createdAt')) as Row[]
  const found = new Map<string, CustomerRow>()
  for (const row of rows)
    found.set(String(row._id), { _id: String(row._id), joined: asDate(row.date) ?? (asDate(row.createdAt) as Date) })
  for (const { id, field } of users)
    if (!found.has(id)) throw new BadRequest('Not a customer of this shop', { key: 'customer.notCustomer', field })
  return found
}

/** The shop's point type, share-locked so it cannot be removed while points of it move. */
export const loadPointType = async (trx: Knex.Transaction, shop: string, id: string, field = 'pointType') => {
  const row = (await trx('pointTypes').where({ shop, _id: id }).forShare().first()) as Row | undefined
  if (!row) throw new BadRequest('No such point type in this shop', { key: 'points.noSuchType', field })
  return {
    _id: String(row._id),
    allowTransfer: row.allowTransfer === true,
    autoExtend: row.autoExtend === true,
    expireType: row.expireType as PointExpireType,
    expiresIn: row.expiresIn === null || row.expiresIn === undefined ? null : Number(row.expiresIn),
    validFrom: asDate(row.validFrom)
  } satisfies PointTypeRow
}

/**
 * When points earned `at` expire (decision 0091): `now` — expiresIn days after they were earned;
 * `register` — at the end of the customer's membership period (expiresIn days long, counted from the
 * join date) in which they were earned. No expiresIn: never.
 */
export const expiryOf = (type: Pick<PointTypeRow, 'expireType' | 'expiresIn'>, joined: Date, at: Date): Date | null => {
  if (!type.expiresIn) return null
  const span = type.expiresIn * DAY
  if (type.expireType === 'register') {
    const periods = Math.max(1, Math.floor((at.getTime() - joined.getTime()) / span) + 1)
    return new Date(joined.getTime() + periods * span)
  }
  return new Date(at.getTime() + span)
}

/** The status a lot ends in when a move leaves it empty. */
const emptiedBy = (reason: PointReason): UserPointStatus =>
  reason === 'expire' ? 'expired' : reason === 'spend' || reason === 'transferOut' ? 'used' : 'cancelled'

export const statusAfter = (point: number, lastReason: PointReason): UserPointStatus =>
  point > 0 ? 'valid' : emptiedBy(lastReason)

/**
 * One customer's points of one type inside a transaction that holds the customer's lock: every move
 * changes one lot and writes one log row with the balance before and after, so the balance is always
 * the sum of the log's deltas and of the valid lots' points. Lots whose expiry has passed are expired
 * first, so nothing is ever spent from them.
 */
export class PointBook {
  balance = 0
  private net = 0
  private readonly lots = new Map<string, { row: LotRow; created: boolean }>()
  private readonly logs: Row[] = []

  private constructor(
    private readonly trx: Knex.Transaction,
    readonly shop: string,
    readonly customer: CustomerRow,
    readonly type: PointTypeRow,
    readonly now: Date
  ) {}

  static async open(trx: Knex.Transaction, shop: string, customer: CustomerRow, type: PointTypeRow, now: Date) {
    const book = new PointBook(trx, shop, customer, type, now)
    const valid = (await book.validLots()).map(lotOf)
    book.balance = valid.reduce((sum, lot) => sum + lot.point, 0)
    for (const lot of valid)
      if (lot.expiresAt && lot.expiresAt <= now && lot.point > 0) await book.take(lot, lot.point, 'expire', {})
    return book
  }

  private validLots() {
    return this.trx('shopUserPoints')
      .where({ shop: this.shop, user: this.customer._id, pointType: this.type._id, status: 'valid' })
      .orderByRaw(`"expiresAt" asc nulls last, "date" asc, "_id" asc`) as Promise<Row[]>
  }

  /** The lots points can be spent from, those that expire first first. */
  async spendable(): Promise<LotRow[]> {
    return (await this.validLots()).map(lotOf).filter((lot) => lot.point > 0 && !(lot.expiresAt && lot.expiresAt <= this.now))
  }

  private async log(lot: LotRow, delta: number, reason: PointReason, note: MoveNote) {
    const from = this.balance
    this.balance += delta
    this.net += delta
    const [row] = (await this.trx('pointLogs')
      .insert({
        _id: newObjectId(),
        shop: this.shop,
        user: this.customer._id,
        pointType: this.type._id,
        lot: lot._id,
        date: this.now,
        from,
        to: this.balance,
        delta,
        reason,
        order: note.order ?? null,
        counterpart: note.counterpart ?? null,
        admin: note.admin ?? null,
        remarks: note.remarks ?? null
      })
      .returning('*')) as Row[]
    this.logs.push(row)
  }

  /** A new lot of `points`, expiring when the type says (or at `expiresAt`, a transfer keeps the giver's expiry). */
  async add(points: number, source: PointLotSource, note: MoveNote, expiresAt?: Date | null) {
    const expiry = expiresAt === undefined ? expiryOf(this.type, this.customer.joined, this.now) : expiresAt
    const [row] = (await this.trx('shopUserPoints')
      .insert({
        _id: newObjectId(),
        shop: this.shop,
        user: this.customer._id,
        pointType: this.type._id,
        point: points,
        value: points,
        used: 0,
        status: 'valid',
        expiresAt: expiry,
        order: note.order ?? null,
        source,
        date: this.now
      })
      .returning('*')) as Row[]
    const lot = lotOf(row)
    this.lots.set(lot._id, { row: lot, created: true })
    await this.log(lot, points, source, note)
    return lot
  }

  /** Takes `amount` off a lot (spent, given away, expired or taken back). */
  async take(lot: LotRow, amount: number, reason: PointReason, note: MoveNote) {
    const point = lot.point - amount
    const used = lot.used + (reason === 'spend' || reason === 'transferOut' ? amount : 0)
    await this.save(lot, { point, used, status: statusAfter(point, reason) })
    await this.log(lot, -amount, reason, note)
  }

  /** Gives back `amount` spent from a lot (a refund); a lot past its expiry expires again at once. */
  async restore(lot: LotRow, amount: number, note: MoveNote) {
    const restored = await this.save(lot, { point: lot.point + amount, used: Math.max(0, lot.used - amount), status: 'valid' })
    await this.log(lot, amount, 'refund', note)
    if (restored.expiresAt && restored.expiresAt <= this.now) await this.take(restored, restored.point, 'expire', {})
  }

  private async save(lot: LotRow, change: Pick<LotRow, 'point' | 'used' | 'status'>) {
    const [row] = (await this.trx('shopUserPoints')
      .where({ shop: this.shop, _id: lot._id })
      .update({ ...change, updatedAt: this.trx.fn.now() })
      .returning('*')) as Row[]
    const saved = lotOf(row)
    const seen = this.lots.get(lot._id)
    this.lots.set(lot._id, { row: saved, created: seen?.created ?? false })
    Object.assign(lot, change)
    return saved
  }

  /** Every valid lot of the type expiring before `until` now expires then (autoExtend). */
  async extendTo(until: Date) {
    const rows = (await this.trx('shopUserPoints')
      .where({ shop: this.shop, user: this.customer._id, pointType: this.type._id, status: 'valid' })
      .whereNotNull('expiresAt')
      .where('expiresAt', '<', until)
      .update({ expiresAt: until, updatedAt: this.trx.fn.now() })
      .returning('*')) as Row[]
    for (const row of rows) {
      const lot = lotOf(row)
      this.lots.set(lot._id, { row: lot, created: this.lots.get(lot._id)?.created ?? false })
    }
  }

  /**
   * The customer's total (shopUsers.points, all types together) moves by what this book moved, and
   * once the transaction commits the lots and log rows are announced.
   */
  async close(env?: LedgerEnv) {
    let customer: Row | undefined
    if (this.net !== 0)
      [customer] = (await this.trx('shopUsers')
        .where({ shop: this.shop, _id: this.customer._id })
        .update({ points: this.trx.raw('coalesce("points", 0) + ?', [this.net]), updatedAt: this.trx.fn.now() })
        .returning('*')) as Row[]
    announce(this.trx, env, [...this.lots.values()], this.logs, customer)
  }
}

const announce = (
  trx: Knex.Transaction,
  env: LedgerEnv | undefined,
  lots: { row: LotRow; created: boolean }[],
  logs: Row[],
  customer: Row | undefined
) => {
  if (!env?.app || (!lots.length && !logs.length)) return
  const { app } = env
  trx.executionPromise.then(
    () => {
      const emit = (path: string, event: string, record: Row) => {
        if (app.services[path]) app.service(path).emit(event, record)
      }
      for (const { row, created } of lots)
        emit(servicePaths.shopUserPoints, created ? 'created' : 'patched', asRecord(shopUserPointSchema, row))
      for (const row of logs) emit(servicePaths.pointLogs, 'created', asRecord(pointLogSchema, row))
      if (customer) emit(servicePaths.shopUsers, 'patched', asRecord(shopUserSchema, customer))
    },
    () => undefined
  )
}
