import { Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  callerIn,
  canWriteRecord,
  crossTransferWarehouse,
  operationModesFor,
  refusal,
  serviceRules,
  type ShopFeatures
} from '@emporia/shared'
import type { StockKey, StockMove } from '../../domains/stock/moves'
import { badField } from '../../domains/stock/quantities'
import { WallSwitch } from '../../platform/tenancy'
import type { OperationInput } from './inventory-operations.schema'

export interface OperationScope {
  shop: string
  user?: string
  /** The wall the transaction is in (undefined: owner connection, no row security). */
  wall?: string
  /** The destination shop of a crossTransfer, read before the transaction (PGlite has one connection). */
  destination?: ShopFeatures
}

type ProductRow = {
  _id: string
  shop: string
  skus?: { id: string }[] | null
  separateProducts?: { product: string; sku?: string }[] | null
  separateRatio?: number | null
  productLinks?: { shop: string; product: string; quantity?: number; crossWarehouse?: string | null }[] | null
  accessShop?: { shop: string; write?: boolean }[] | null
}

const readProduct = async (trx: Knex.Transaction, shop: string, id: string, field: string) => {
  const row = (await trx('products')
    .where({ _id: id, shop })
    .first('_id', 'shop', 'skus', 'separateProducts', 'separateRatio', 'productLinks', 'accessShop')) as ProductRow | undefined
  if (!row) throw new NotFound(`No record found for id '${id}'`, { field })
  return row
}

/** A take-away (`export`): one move out of the operation's stock row; needs nothing read. */
export const exportMove = (input: OperationInput, shop: string): StockMove => ({
  shop,
  warehouse: input.warehouse,
  product: input.product,
  sku: input.sku,
  delta: -input.delta,
  type: 'export',
  fields: { quantity: 'delta' }
})

/** Turns an operation into ledger moves (the ledger checks warehouses, SKUs and units). */
export const operationMoves = async (
  trx: Knex.Transaction,
  input: OperationInput,
  scope: OperationScope
): Promise<StockMove[]> => {
  const from: StockKey = { shop: scope.shop, warehouse: input.warehouse, product: input.product, sku: input.sku }
  const out = (type: StockMove['type'], to?: StockKey): StockMove => ({
    ...from,
    delta: -input.delta,
    type,
    counterpart: to,
    fields: { quantity: 'delta' }
  })
  const into = (
    type: StockMove['type'],
    to: StockKey,
    delta: number,
    fields: StockMove['fields'],
    ratio?: number
  ): StockMove => ({
    ...to,
    delta,
    type,
    from: 0,
    ratio,
    counterpart: from,
    fields: { quantity: 'delta', ...fields }
  })
  switch (input.mode) {
    case 'restock':
      return [{ ...from, delta: input.delta, type: 'restock', fields: { quantity: 'delta' } }]
    case 'export':
      return [exportMove(input, scope.shop)]
    case 'transfer': {
      const toWarehouse = input.toWarehouse as string
      if (toWarehouse === input.warehouse) throw badField('toWarehouse', 'Choose another warehouse to transfer to')
      const to = { ...from, warehouse: toWarehouse }
      return [out('transfer', to), into('transfer', to, input.delta, { warehouse: 'toWarehouse' })]
    }
    case 'separate': {
      // Boxes of this SKU become units of the first separate product (spec §3.7 "Convert To {quantity} Unit").
      const product = await readProduct(trx, scope.shop, input.product, 'product')
      const unit = product.separateProducts?.[0]
      const ratio = product.separateRatio
      // The editor offers the mode by the same rule; the other two tests only narrow the types.
      if (!operationModesFor(product).includes('separate') || !unit || !ratio)
        throw badField('product', 'This product has no unit product to separate into')
      const to = { shop: scope.shop, warehouse: input.warehouse, product: unit.product, sku: unit.sku ?? '' }
      return [out('separate', to), into('separate', to, input.delta * ratio, {}, ratio)]
    }
    case 'crossTransfer':
      return crossTransferMoves(trx, input, scope, from, out, into)
  }
}

/**
 * crossTransfer (docs/decisions/0040): to the product one of this product's links names in another
 * shop. Allowed when the caller may move stock in that shop, or that product is shared with this
 * shop with write. The destination's rows are read behind the destination's wall.
 */
const crossTransferMoves = async (
  trx: Knex.Transaction,
  input: OperationInput,
  scope: OperationScope,
  from: StockKey,
  out: (type: StockMove['type'], to?: StockKey) => StockMove,
  into: (type: StockMove['type'], to: StockKey, delta: number, fields: StockMove['fields'], ratio?: number) => StockMove
) => {
  const toShop = input.toShop as string
  if (toShop === scope.shop) throw badField('toShop', 'Use a transfer within one shop')
  const product = await readProduct(trx, scope.shop, input.product, 'product')
  const link = product.productLinks?.find((entry) => entry.shop === toShop)
  if (!link) throw badField('toShop', 'This product is not linked to a product of that shop')
  const walls = new WallSwitch(trx, scope.wall)
  await walls.enter(toShop)
  const target = (await trx('products').where({ _id: link.product, shop: toShop }).first('_id', 'shop', 'skus', 'accessShop')) as
    ProductRow | undefined
  await walls.leave()
  const mayMoveThere = refusal(serviceRules.inventoryOperations.write, callerIn(scope.destination ?? {}, scope.user)) === null
  if (!mayMoveThere && !canWriteRecord(target, scope.shop))
    throw new Forbidden('No Permission', { key: 'errors.noPermission', field: 'toShop' })
  if (!target) throw badField('toShop', 'The linked product no longer exists')
  const toWarehouse = crossTransferWarehouse(input.toWarehouse, link)
  if (!toWarehouse) throw badField('toWarehouse', '"toWarehouse" is required', 'format.required')
  // The linked product may keep stock per SKU: the same SKU id, or none when it has no SKUs.
  const skus = target.skus ?? []
  if (skus.length && !skus.some((sku) => sku.id === input.sku))
    throw badField('sku', 'The linked product has no SKU with this id')
  const to = { shop: toShop, warehouse: toWarehouse, product: target._id, sku: skus.length ? input.sku : '' }
  const ratio = link.quantity ?? 1
  // Not rounded: what arrives must fit the linked product's units, or the ledger refuses it (0070).
  return [out('crossTransfer', to), into('crossTransfer', to, input.delta * ratio, { warehouse: 'toWarehouse' }, ratio)]
}
