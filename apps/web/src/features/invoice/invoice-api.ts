import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Order, type Payment } from '@emporia/shared'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

export interface InvoiceData {
  order: Order
  payments: Payment[]
}

/**
 * What an invoice prints (spec §2.2): `o/{id}` names an order, `p/{id}` a payment, whose order is
 * printed. Null when there is no such record in the current shop.
 */
export const loadInvoice = async (kind: 'o' | 'p', id: string): Promise<InvoiceData | null> => {
  try {
    const orderId = kind === 'o' ? id : (await shopApi(servicePaths.payments).get(id)).order
    const order = await shopApi(servicePaths.orders).get(orderId)
    const payments = await shopRows(servicePaths.payments, { order: order._id, $sort: { date: 1 }, $limit: 200 })
    return { order, payments }
  } catch (error) {
    if ((error as { code?: number }).code === 404) return null
    throw error
  }
}

export const useInvoice = (kind: 'o' | 'p', id: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: ['invoice', kind, id, shop],
    enabled: Boolean(shop && id),
    retry: false,
    queryFn: () => loadInvoice(kind, id!)
  })
}
