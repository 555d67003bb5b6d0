import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { servicePaths, type ListServicePath, type Shop, type Stock } from '@emporia/shared'
import { pageOf, resourceApi, shopApi, typedService, type Row } from '../../lib/resource-client'

/** How many low stocks the panel lists, lowest first. */
export const LOW_STOCK_ROWS = 10

export interface LowStockRow {
  stock: Stock
  product?: Row
  warehouse?: Row
}

const byIds = async (path: ListServicePath, ids: string[], select: string[]) => {
  if (!ids.length) return new Map<string, Row>()
  const page = pageOf(await resourceApi(path).find({ _id: { $in: ids }, $limit: ids.length, $select: select }))
  return new Map(page.data.map((row) => [String(row._id), row]))
}

/**
 * The dashboard's low stocks (decision 0040): stocks at or below the shop's threshold, lowest first,
 * with their products and warehouses read in one batch each. Only while the shop's reminder is on.
 */
export const useLowStock = (shop: Shop | undefined) => {
  const threshold = shop?.lowStockThres ?? 0
  return useQuery({
    queryKey: [servicePaths.stocks, 'find', { lowStock: threshold, shop: shop?._id }],
    enabled: Boolean(shop?.lowStock),
    staleTime: 30_000,
    queryFn: async (): Promise<{ rows: LowStockRow[]; total: number }> => {
      const page = await shopApi(servicePaths.stocks).find({
        quantity: { $lte: threshold },
        $sort: { quantity: 1, _id: 1 },
        $limit: LOW_STOCK_ROWS
      })
      const stocks = page.data
      const [products, warehouses] = await Promise.all([
        byIds(servicePaths.products, [...new Set(stocks.map((stock) => stock.product))], ['_id', 'name', 'skus']),
        byIds(servicePaths.warehouses, [...new Set(stocks.map((stock) => stock.warehouse))], ['_id', 'name'])
      ])
      return {
        total: page.total,
        rows: stocks.map((stock) => ({ stock, product: products.get(stock.product), warehouse: warehouses.get(stock.warehouse) }))
      }
    }
  })
}

/** A burst of stock changes (a busy till) costs one refetch of the panel, not one per change. */
const LOW_STOCK_SETTLE_MS = 500
const STOCK_EVENTS = ['created', 'patched', 'updated', 'removed'] as const

/**
 * Keeps the panel live: any stock change may move a stock across the threshold, which only the
 * server's filter can tell, so the panel's query is fetched again (at most once per settle time).
 */
export const useLowStockUpdates = (shop: Shop | undefined) => {
  const queryClient = useQueryClient()
  const enabled = Boolean(shop?.lowStock)
  const shopId = shop?._id
  useEffect(() => {
    if (!enabled) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let detach: (() => void) | undefined
    let stopped = false
    const refetch = () => {
      timer ??= setTimeout(() => {
        timer = undefined
        void queryClient.invalidateQueries({ queryKey: [servicePaths.stocks, 'find', { shop: shopId }] })
      }, LOW_STOCK_SETTLE_MS)
    }
    void typedService(servicePaths.stocks).then((service) => {
      if (stopped) return
      for (const event of STOCK_EVENTS) service.on(event, refetch)
      detach = () => {
        for (const event of STOCK_EVENTS) service.removeListener(event, refetch)
      }
    })
    return () => {
      stopped = true
      detach?.()
      clearTimeout(timer)
    }
  }, [enabled, shopId, queryClient])
}
