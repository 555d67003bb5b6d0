import type { Static } from '@sinclair/typebox'
import { subsequentOrderStatusSchema, type SubsequentOrderStatusData } from './subsequent-order'

/** A bulk order status the shop defines (spec §3.11, §4.1). */
export const bulkOrderStatusSchema = subsequentOrderStatusSchema('BulkOrderStatus')
export type BulkOrderStatus = Static<typeof bulkOrderStatusSchema>
export type BulkOrderStatusData = SubsequentOrderStatusData
export type BulkOrderStatusPatch = Partial<BulkOrderStatusData>
