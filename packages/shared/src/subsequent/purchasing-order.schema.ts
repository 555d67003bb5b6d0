import type { Static } from '@sinclair/typebox'
import { subsequentOrderSchema, type SubsequentOrderData } from './subsequent-order'

/** Purchasing order (spec §3.11, type buy): goods bought from a supplier, paid later. Decision 0085. */
export const purchasingOrderSchema = subsequentOrderSchema('PurchasingOrder', 'purchasingOrderStatuses')
export type PurchasingOrder = Static<typeof purchasingOrderSchema>
export type PurchasingOrderData = SubsequentOrderData
export type PurchasingOrderPatch = Partial<PurchasingOrderData>
