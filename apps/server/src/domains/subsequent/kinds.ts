import type { TObject } from '@sinclair/typebox'
import { bulkOrderSchema, purchasingOrderSchema, servicePaths, type SubsequentOrderType } from '@emporia/shared'
import { modelFromSchema, type Model } from '../../platform/db/query/model'

/**
 * The two kinds of subsequent-payment order (decision 0085): one implementation, parameterised by
 * what differs — the table, the statuses table, the display prefix, which company balance the
 * order's shortage moves, and which way stock goes when it is fulfilled.
 */
export interface SubsequentKind {
  type: SubsequentOrderType
  table: 'purchasingOrders' | 'bulkOrders'
  statuses: 'purchasingOrderStatuses' | 'bulkOrderStatuses'
  path: string
  /** The display number's letter: P000001, B000001. */
  prefix: 'P' | 'B'
  schema: TObject
  model: Model
  /** The company column the shortage adds to: what the customer owes us, or what we owe the supplier. */
  balance: 'outstanding' | 'payable'
  /** The source type of the ledger rows a fulfilment writes. */
  source: 'purchasingOrder' | 'bulkOrder'
}

export const purchasingKind: SubsequentKind = {
  type: 'buy',
  table: 'purchasingOrders',
  statuses: 'purchasingOrderStatuses',
  path: servicePaths.purchasingOrders,
  prefix: 'P',
  schema: purchasingOrderSchema,
  model: modelFromSchema('purchasingOrders', purchasingOrderSchema),
  balance: 'payable',
  source: 'purchasingOrder'
}

export const bulkKind: SubsequentKind = {
  type: 'sell',
  table: 'bulkOrders',
  statuses: 'bulkOrderStatuses',
  path: servicePaths.bulkOrders,
  prefix: 'B',
  schema: bulkOrderSchema,
  model: modelFromSchema('bulkOrders', bulkOrderSchema),
  balance: 'outstanding',
  source: 'bulkOrder'
}

export const kindOf = (type: SubsequentOrderType) => (type === 'buy' ? purchasingKind : bulkKind)
