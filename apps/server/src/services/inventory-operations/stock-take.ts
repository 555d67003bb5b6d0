import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isObjectId, MAX_QUANTITY, type StockTakeData } from '@emporia/shared'
import type { Row, StockMove } from '../../domains/stock/moves'
import { badField, round3 } from '../../domains/stock/quantities'

/*
 * A stock-take (decision 0162): the merchant types what is on the shelf; the difference from the system's
 * quantity is booked as one ledger row per line that differs. Each line carries the quantity it was
 * counted against; when stock moved since (a sale, a delivery), the whole count is refused naming the
 * line and its quantity now, so a difference is never booked against a figure the merchant did not see.
 */

export type StockTakeInput = Required<Pick<StockTakeData, 'warehouse' | 'product' | 'sku' | 'counted' | 'expected'>> &
  Pick<StockTakeData, 'comment'>

const FIELDS = new Set(['mode', 'warehouse', 'product', 'sku', 'counted', 'expected', 'comment'])

const id = (data: Row, field: string) => {
  const value = data[field]
  if (value === undefined || value === null) throw badField(field, `"${field}" is required`, 'format.required')
  if (!isObjectId(value)) throw badField(field, `"${field}" must be a record id`)
  return value
}

const quantity = (data: Row, field: string, min: number) => {
  const value = data[field]
  if (value === undefined || value === null) throw badField(field, `"${field}" is required`, 'format.required')
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badField(field, `"${field}" must be a number`)
  if (value < min || Math.abs(value) > MAX_QUANTITY)
    throw badField(field, `"${field}" must be between ${min} and ${MAX_QUANTITY}`)
  return value
}

/** One counted line, checked field by field; units (whole or weighed) are the ledger's to check. */
export const parseStockTake = (data: unknown): StockTakeInput => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Data must be an object')
  const input = data as Row
  for (const key of Object.keys(input))
    if (!FIELDS.has(key)) throw badField(key, `"${key}" is not a known field`, 'format.unknownField')
  const sku = input.sku ?? ''
  if (typeof sku !== 'string' || sku.length > 40) throw badField('sku', '"sku" must be a SKU id')
  const comment = input.comment ?? undefined
  if (comment !== undefined && (typeof comment !== 'string' || comment.length > 1000))
    throw badField('comment', '"comment" must be a text of at most 1000 characters', 'format.tooLong', { length: 1000 })
  return {
    warehouse: id(input, 'warehouse'),
    product: id(input, 'product'),
    sku,
    counted: quantity(input, 'counted', 0),
    expected: quantity(input, 'expected', -MAX_QUANTITY),
    comment
  }
}

const keyOf = (line: StockTakeInput) => [line.warehouse, line.product, line.sku].join('\u0000')

/**
 * The ledger moves of a count, read under the stock rows' locks: the rows are locked in the ledger's
 * own order (warehouse, product, sku within the shop), the ledger then takes the same locks again, so a
 * count and a sale never wait on each other in a cycle. A line whose stock moved since it was counted
 * refuses the whole count (409, `3.expected`, with the quantity now); a line that matches moves nothing.
 */
export const stockTakeMoves = async (trx: Knex.Transaction, shop: string, lines: StockTakeInput[]): Promise<StockMove[]> => {
  const seen = new Map<string, number>()
  lines.forEach((line, i) => {
    const key = keyOf(line)
    if (seen.has(key)) throw badField(`${i}.product`, 'This product is counted on another line already', 'stockTake.twice')
    seen.set(key, i)
  })
  const order = lines.map((_, i) => i).sort((a, b) => (keyOf(lines[a]) < keyOf(lines[b]) ? -1 : 1))
  const moves: StockMove[] = []
  for (const i of order) {
    const line = lines[i]
    const row = (await trx('stocks')
      .where({ shop, warehouse: line.warehouse, product: line.product, sku: line.sku })
      .forUpdate()
      .first('quantity')) as { quantity: number } | undefined
    const now = round3(Number(row?.quantity ?? 0))
    if (now !== round3(line.expected))
      throw new Conflict('The stock moved since this line was counted', {
        field: `${i}.expected`,
        key: 'stockTake.moved',
        values: { now },
        product: line.product,
        sku: line.sku,
        now
      })
    const delta = round3(line.counted - now)
    if (delta !== 0)
      moves[i] = {
        shop,
        warehouse: line.warehouse,
        product: line.product,
        sku: line.sku,
        delta,
        type: 'stockTake',
        fields: { warehouse: `${i}.warehouse`, product: `${i}.product`, sku: `${i}.sku`, quantity: `${i}.counted` }
      }
  }
  return moves.filter(Boolean)
}
