import type { Static } from '@sinclair/typebox'
import { subsequentOrderStatusSchema, type SubsequentOrderStatusData } from './subsequent-order'

/** A purchasing order status the shop defines (spec §3.11, §4.1). */
export const purchasingOrderStatusSchema = subsequentOrderStatusSchema('PurchasingOrderStatus')
export type PurchasingOrderStatus = Static<typeof purchasingOrderStatusSchema>
export type PurchasingOrderStatusData = SubsequentOrderStatusData
export type PurchasingOrderStatusPatch = Partial<PurchasingOrderStatusData>
