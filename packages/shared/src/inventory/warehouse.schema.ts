import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** Warehouse (spec §3.8): name, desc. Its stock lives in the inventory ledger (decision 0040). */
export const warehouseSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    desc: Type.Optional(storedTextSchema),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Warehouse', additionalProperties: false }
)
export type Warehouse = Static<typeof warehouseSchema>
export type WarehouseData = Pick<Warehouse, 'name'> & Partial<Pick<Warehouse, 'desc'>>
export type WarehousePatch = Partial<WarehouseData>
