import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BATCH_LIMIT, servicePaths, type InventoryOperationData, type ProductStatus } from '@emporia/shared'
import { resourceService, shopApi, shopRows, typedService, type Row } from '../../lib/resource-client'
import { getCurrentShopId, shopQuery, useCurrentShopId } from '../../lib/shop'

// The product screens' calls (ARCHITECTURE §2: one place per operation); components never name a service.

/**
 * Batch status change: one multi patch per BATCH_LIMIT ids (the server's limit) (`patch(null, {status}, {_id: {$in}})`); the server
 * changes all of them or, when one may not be written (shared records, spec §6.3), none.
 */
export const setProductsStatus = async (ids: string[], status: ProductStatus) => {
  const service = await resourceService(servicePaths.products)
  for (let start = 0; start < ids.length; start += BATCH_LIMIT)
    await service.patch(null, { status }, { query: shopQuery({ _id: { $in: ids.slice(start, start + BATCH_LIMIT) } }) })
}

/** A SKU inventory operation (spec §3.7); answers the ledger rows it wrote. */
export const runInventoryOperation = async (data: InventoryOperationData) =>
  shopApi(servicePaths.inventoryOperations).create({ ...data, shop: getCurrentShopId() })

const stockKey = (id: string) => [servicePaths.products, 'stock', id] as const

/**
 * One product with its derived stock (`inventories`, SKU quantities). Kept current by `products
 * patched` events: the event is a cue to read again, since a stock change may arrive without the
 * derived fields the read adds.
 */
export const useLiveProduct = (id: string | undefined) => {
  const queryClient = useQueryClient()
  const shop = useCurrentShopId()
  useEffect(() => {
    if (!id) return
    let stop: (() => void) | undefined
    let cancelled = false
    const onPatched = (data: unknown) => {
      if ((data as Row | undefined)?._id === id) void queryClient.invalidateQueries({ queryKey: stockKey(id) })
    }
    void typedService(servicePaths.products).then((service) => {
      if (cancelled) return
      service.on('patched', onPatched)
      service.on('updated', onPatched)
      stop = () => {
        service.removeListener('patched', onPatched)
        service.removeListener('updated', onPatched)
      }
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [id, queryClient])
  return useQuery({
    queryKey: stockKey(id ?? ''),
    enabled: Boolean(id && shop),
    queryFn: () => shopApi(servicePaths.products).get(id!)
  })
}

/** Re-reads a product's stock now (after an operation this screen ran itself). */
export const useRefreshStock = () => {
  const queryClient = useQueryClient()
  return (id: string) => queryClient.invalidateQueries({ queryKey: stockKey(id) })
}

/** The shop's warehouses, for names and pickers (a shop has a handful). */
export const useWarehouses = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.warehouses, 'find', { all: true, shop }],
    enabled: Boolean(shop),
    staleTime: 60_000,
    queryFn: () => shopRows(servicePaths.warehouses, { $limit: 100 })
  })
}
