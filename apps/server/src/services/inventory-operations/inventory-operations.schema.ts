import { BadRequest } from '@feathersjs/errors'
import { inventoryOperationModes, isObjectId, type InventoryOperationData, type InventoryOperationMode } from '@emporia/shared'
import type { Row } from '../../domains/stock/moves'
import { badField, checkAmount } from '../../domains/stock/quantities'

export type OperationInput = Required<Pick<InventoryOperationData, 'mode' | 'warehouse' | 'product' | 'sku' | 'delta'>> &
  Pick<InventoryOperationData, 'toWarehouse' | 'toShop' | 'comment'>

const FIELDS = new Set(['mode', 'warehouse', 'product', 'sku', 'delta', 'toWarehouse', 'toShop', 'comment'])

const id = (data: Row, field: string, required: boolean) => {
  const value = data[field]
  if (value === undefined || value === null) {
    if (required) throw badField(field, `"${field}" is required`, 'format.required')
    return undefined
  }
  if (!isObjectId(value)) throw badField(field, `"${field}" must be a record id`)
  return value
}

/**
 * An operation request (spec §3.7 SKU inventory operation), checked field by field so that each
 * refusal names its field. What needs the product (units, SKUs) is checked by the ledger.
 */
export const parseOperation = (data: unknown): OperationInput => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Data must be an object')
  const input = data as Row
  for (const key of Object.keys(input))
    if (!FIELDS.has(key)) throw badField(key, `"${key}" is not a known field`, 'format.unknownField')
  const mode = input.mode as InventoryOperationMode
  if (!inventoryOperationModes.includes(mode))
    throw badField('mode', `"mode" must be one of ${inventoryOperationModes.join(', ')}`)
  const sku = input.sku ?? ''
  if (typeof sku !== 'string' || sku.length > 40) throw badField('sku', '"sku" must be a SKU id')
  const comment = input.comment ?? undefined
  if (comment !== undefined && (typeof comment !== 'string' || comment.length > 1000))
    throw badField('comment', '"comment" must be a text of at most 1000 characters', 'format.tooLong', { length: 1000 })
  return {
    mode,
    warehouse: id(input, 'warehouse', true) as string,
    product: id(input, 'product', true) as string,
    sku,
    delta: checkAmount(input.delta, 'delta'),
    toWarehouse: id(input, 'toWarehouse', mode === 'transfer'),
    toShop: id(input, 'toShop', mode === 'crossTransfer'),
    comment
  }
}
