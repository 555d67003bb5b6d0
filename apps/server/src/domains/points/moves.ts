import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { PointLotSource } from '@emporia/shared'
import type { LedgerEnv } from '../stock/moves'
import { loadPointType, lockCustomers, PointBook, type MoveNote } from './book'

/** What every move may carry besides its points: who did it, a remark, the clock, and where to announce it. */
export interface MoveOptions {
  admin?: string | null
  remarks?: string | null
  now?: Date
  env?: LedgerEnv
}

export interface EarnInput extends MoveOptions {
  user: string
  pointType: string
  points: number
  order?: string | null
  /** earn (orders, promotions), adjust (staff), transferIn (a transfer's receiving side). */
  reason: PointLotSource
}

export interface SpendInput extends MoveOptions {
  user: string
  pointType: string
  points: number
  order?: string | null
}

const wholePoints = (points: number, field = 'points') => {
  if (!Number.isSafeInteger(points) || points < 0)
    throw new BadRequest('Enter a whole number of points above zero', { key: 'points.positive', field })
  return points
}

const noteOf = (input: MoveOptions & { order?: string | null }): MoveNote => ({
  order: input.order ?? null,
  admin: input.admin ?? null,
  remarks: input.remarks ?? null
})

/**
 * A customer's balance of every point type they hold points of (decision 0091): the valid lots'
 * points, not counting lots whose expiry has passed but the sweep has not reached yet.
 */
export const pointBalances = async (
  trx: Knex | Knex.Transaction,
  shop: string,
  user: string
): Promise<Record<string, number>> => {
  const rows = (await trx('shopUserPoints')
    .where({ shop, user, status: 'valid' })
    .where((q) => q.whereNull('expiresAt').orWhere('expiresAt', '>', new Date()))
    .groupBy('pointType')
    .select('pointType', trx.raw('sum("point") as points'))) as { pointType: string; points: string | number }[]
  const balances: Record<string, number> = {}
  for (const row of rows) if (Number(row.points) > 0) balances[row.pointType] = Number(row.points)
  return balances
}

/**
 * Credits `points` to a customer in one new lot (decision 0091), in the caller's transaction. Points of
 * a type whose validFrom is still ahead are not given (spec: earned before validFrom, not given); zero
 * points do nothing. With autoExtend, earning moves every valid lot's expiry to the new lot's.
 */
export const earnPoints = async (trx: Knex.Transaction, shop: string, input: EarnInput): Promise<void> => {
  const points = wholePoints(input.points)
  const customers = await lockCustomers(trx, shop, [{ id: input.user, field: 'user' }])
  const type = await loadPointType(trx, shop, input.pointType)
  const now = input.now ?? new Date()
  if (points === 0 || (input.reason === 'earn' && type.validFrom && type.validFrom > now)) return
  const book = await PointBook.open(trx, shop, customers.get(input.user)!, type, now)
  const lot = await book.add(points, input.reason, noteOf(input))
  if (type.autoExtend && input.reason === 'earn' && lot.expiresAt) await book.extendTo(lot.expiresAt)
  await book.close(input.env)
}

/** Takes `points` from a book's lots, those expiring first first; answers the pieces taken. */
const takeFromLots = async (book: PointBook, points: number, reason: 'spend' | 'transferOut' | 'adjust', note: MoveNote) => {
  if (points > book.balance)
    throw new Conflict(`Not enough points: only ${book.balance} available`, {
      key: 'points.notEnough',
      field: 'points',
      values: { available: book.balance }
    })
  const pieces: { points: number; expiresAt: Date | null }[] = []
  let left = points
  for (const lot of await book.spendable()) {
    if (left === 0) break
    const piece = Math.min(left, lot.point)
    await book.take(lot, piece, reason, note)
    pieces.push({ points: piece, expiresAt: lot.expiresAt })
    left -= piece
  }
  return pieces
}

/**
 * Spends a customer's points (paying with points; decision 0091) from the lots that expire first, in
 * the caller's transaction. The customer's lock makes concurrent spends run one after the other, so
 * the balance never goes below zero: a spend larger than the balance is refused with 409
 * `points.notEnough` and changes nothing.
 */
export const spendPoints = async (trx: Knex.Transaction, shop: string, input: SpendInput): Promise<void> => {
  const points = wholePoints(input.points)
  const customers = await lockCustomers(trx, shop, [{ id: input.user, field: 'user' }])
  const type = await loadPointType(trx, shop, input.pointType)
  if (points === 0) return
  const book = await PointBook.open(trx, shop, customers.get(input.user)!, type, input.now ?? new Date())
  await takeFromLots(book, points, 'spend', noteOf(input))
  await book.close(input.env)
}

export interface AdjustInput extends MoveOptions {
  user: string
  pointType: string
  /** Signed: added as a new lot, or taken off the lots that expire first. */
  points: number
}

/** A staff adjustment (decision 0091): answers the customer's balance of the type afterwards. */
export const adjustPoints = async (trx: Knex.Transaction, shop: string, input: AdjustInput) => {
  wholePoints(Math.abs(input.points))
  if (input.points === 0)
    throw new BadRequest('Enter a whole number of points other than zero', { key: 'format.invalid', field: 'points' })
  const customers = await lockCustomers(trx, shop, [{ id: input.user, field: 'user' }])
  const type = await loadPointType(trx, shop, input.pointType)
  const book = await PointBook.open(trx, shop, customers.get(input.user)!, type, input.now ?? new Date())
  const note = noteOf(input)
  if (input.points > 0) await book.add(input.points, 'adjust', note)
  else await takeFromLots(book, -input.points, 'adjust', note)
  await book.close(input.env)
  return { user: input.user, pointType: type._id, points: input.points, balance: book.balance }
}

export interface TransferInput extends MoveOptions {
  from: string
  to: string
  pointType: string
  points: number
}

/**
 * Moves points between two customers of the shop (decision 0091), where the point type allows it:
 * taken from the giver's lots that expire first, each piece landing in a lot of the receiver's that
 * keeps its expiry (a transfer never makes points last longer). Answers both balances afterwards.
 */
export const transferPoints = async (trx: Knex.Transaction, shop: string, input: TransferInput) => {
  const points = wholePoints(input.points)
  if (points === 0) throw new BadRequest('Enter a whole number of points above zero', { key: 'points.positive', field: 'points' })
  if (input.from === input.to)
    throw new BadRequest('Choose another customer to receive the points', { key: 'points.sameCustomer', field: 'to' })
  const customers = await lockCustomers(trx, shop, [
    { id: input.from, field: 'from' },
    { id: input.to, field: 'to' }
  ])
  const type = await loadPointType(trx, shop, input.pointType)
  if (!type.allowTransfer)
    throw new BadRequest('This point type does not allow transfers', { key: 'points.noTransfer', field: 'pointType' })
  const now = input.now ?? new Date()
  const giver = await PointBook.open(trx, shop, customers.get(input.from)!, type, now)
  const receiver = await PointBook.open(trx, shop, customers.get(input.to)!, type, now)
  const note = { admin: input.admin ?? null, remarks: input.remarks ?? null }
  const pieces = await takeFromLots(giver, points, 'transferOut', { ...note, counterpart: input.to })
  for (const piece of pieces)
    await receiver.add(piece.points, 'transferIn', { ...note, counterpart: input.from }, piece.expiresAt)
  await giver.close(input.env)
  await receiver.close(input.env)
  return { from: input.from, to: input.to, pointType: type._id, points, balances: { from: giver.balance, to: receiver.balance } }
}
