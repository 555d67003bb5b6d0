import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Shop, type Stock } from '@emporia/shared'
import { pageOf, resourceApi, type Row } from '../../lib/resource-client'

/** How many low stocks the panel lists, lowest first. */
export const LOW_STOCK_ROWS = 10

export interface LowStockRow {
  stock: Stock
  product?: Row
  warehouse?: Row
}

const byIds = async (path: string, ids: string[], select: string[]) => {
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
      const page = pageOf(
        await resourceApi(servicePaths.stocks).find({
          quantity: { $lte: threshold },
          $sort: { quantity: 1, _id: 1 },
          $limit: LOW_STOCK_ROWS
        })
      )
      const stocks = page.data as unknown as Stock[]
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
