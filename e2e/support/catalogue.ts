import type { Merchant } from './api'
import { createRecord } from './records'

/** Catalogue and inventory records made over REST, where the UI is not what a test is about. */
export interface SeededProduct {
  _id: string
  name: unknown
  skus?: { id: string; name: unknown }[]
}

export const seedWarehouse = async (baseUrl: string, who: Merchant, name: string) =>
  createRecord(baseUrl, who, 'warehouses', { name: { en: name } })

export const seedProduct = async (baseUrl: string, who: Merchant, data: Record<string, unknown>) =>
  (await createRecord(baseUrl, who, 'products', { price: 1000, ...data })) as unknown as SeededProduct

/** A restock entry (`inventories create` restocks, decision 0040). */
export const seedRestock = (
  baseUrl: string,
  who: Merchant,
  entry: { warehouse: string; product: string; sku?: string; quantity: number }
) => createRecord(baseUrl, who, 'inventories', entry)

/** A stock operation on a product (`inventoryOperations create`: restock, export, transfer…). */
export const seedOperation = (
  baseUrl: string,
  who: Merchant,
  operation: { mode: string; warehouse: string; product: string; sku?: string; delta: number }
) => createRecord(baseUrl, who, 'inventoryOperations', operation)

/** One record; shop-scoped unless it is the shop itself. */
export const readRecord = async <T>(baseUrl: string, who: Merchant, path: string, id: string): Promise<T> => {
  const scope = path === 'shops' ? '' : `?shop=${who.shop!._id}`
  const response = await fetch(`${baseUrl}/api/${path}/${id}${scope}`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  if (!response.ok) throw new Error(`GET ${path}/${id} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}
