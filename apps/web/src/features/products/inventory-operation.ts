import {
  crossTransferWarehouse,
  isWeighted,
  operationModesFor,
  servicePaths,
  type InventoryOperationData,
  type InventoryOperationMode,
  type ProductRecord
} from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { evaluateExpression } from '../../lib/expression'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { modeLabels } from '../../lib/stock-modes'
import { translatablePaths } from '../../lib/table/search-query'

/** Units the opened boxes give ("Convert To {quantity} Unit"): boxes × the product's ratio. */
export const convertedUnits = (delta: unknown, ratio: number | null | undefined): number => {
  const boxes = typeof delta === 'number' ? delta : typeof delta === 'string' ? evaluateExpression(delta) : undefined
  const count = typeof boxes === 'number' ? boxes : boxes?.ok ? boxes.value : 0
  return Number.isFinite(count) && count > 0 ? count * (ratio ?? 1) : (ratio ?? 1)
}

const positive = (value: unknown): AnyMessageKey | undefined => {
  const number = typeof value === 'string' ? evaluateExpression(value) : { ok: true as const, value: Number(value) }
  return number.ok && !(number.value > 0) ? 'stockOp.positive' : undefined
}

const warehouses = { path: servicePaths.warehouses, searchFields: translatablePaths('name') }

/** The form of one operation: the fields each mode needs, in order. */
export const operationFields = (product: ProductRecord): FieldDef[] => {
  const modes = operationModesFor(product)
  const isMode =
    (...wanted: InventoryOperationMode[]) =>
    (values: Values) =>
      !wanted.includes(values.mode as InventoryOperationMode)
  return [
    {
      name: 'mode',
      label: 'stockOp.mode',
      type: 'select',
      required: true,
      source: { enumList: Object.fromEntries(modes.map((mode) => [mode, modeLabels[mode]])) }
    },
    { name: 'warehouse', label: 'stockOp.warehouse', type: 'select', required: true, source: warehouses },
    {
      name: 'delta',
      label: 'stockOp.delta',
      type: 'number',
      required: true,
      // Whole units, except weighted goods (docs/decisions/0040).
      integer: !isWeighted(product),
      validate: positive
    },
    {
      name: 'toWarehouse',
      label: 'stockOp.toWarehouse',
      type: 'select',
      source: warehouses,
      hidden: isMode('transfer'),
      validate: (value, values) =>
        values.mode !== 'transfer'
          ? undefined
          : !value
            ? 'format.required'
            : value === values.warehouse
              ? 'stockOp.sameWarehouse'
              : undefined
    },
    { name: 'comment', label: 'stockOp.comment', type: 'textarea' }
  ]
}

/** What `inventoryOperations create` receives: only the fields of the chosen mode. */
export const operationRequest = (values: Values, product: ProductRecord, sku: string): InventoryOperationData => {
  const mode = values.mode as InventoryOperationMode
  const data: InventoryOperationData = {
    mode,
    warehouse: String(values.warehouse),
    product: product._id,
    sku,
    delta: Number(values.delta)
  }
  if (mode === 'transfer') data.toWarehouse = String(values.toWarehouse)
  if (mode === 'crossTransfer') {
    data.toShop = String(values.toShop)
    const link = product.productLinks?.find((entry) => entry.shop === data.toShop)
    const toWarehouse = crossTransferWarehouse(undefined, link)
    if (toWarehouse) data.toWarehouse = toWarehouse
  }
  const comment = typeof values.comment === 'string' ? values.comment.trim() : ''
  if (comment) data.comment = comment
  return data
}
