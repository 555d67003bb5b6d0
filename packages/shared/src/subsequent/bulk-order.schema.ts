import type { Static } from '@sinclair/typebox'
import { subsequentOrderSchema, type SubsequentOrderData } from './subsequent-order'

/** Bulk order (spec §3.11, type sell): goods sold to a company customer on credit. Decision 0085. */
export const bulkOrderSchema = subsequentOrderSchema('BulkOrder', 'bulkOrderStatuses')
export type BulkOrder = Static<typeof bulkOrderSchema>
export type BulkOrderData = SubsequentOrderData
export type BulkOrderPatch = Partial<BulkOrderData>
