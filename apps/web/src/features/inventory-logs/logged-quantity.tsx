import { useQuery } from '@tanstack/react-query'
import { servicePaths, unitOf, type Measured } from '@emporia/shared'
import { useQuantityText } from '../../lib/format/quantity'
import { queryKeys } from '../../lib/query-keys'
import { resourceApi } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/**
 * A ledger row's quantity as a person reads it (decision 0162): "-0.35 斤" for a weighed product, "2" for
 * a counted one. The row has the product, not its unit: the product is read once (the SKU column's read).
 */
export const LoggedQuantity = ({ product, quantity }: { product: unknown; quantity: unknown }) => {
  const shop = useCurrentShopId()
  const quantityText = useQuantityText()
  const id = typeof product === 'string' ? product : ''
  const record = useQuery({
    queryKey: queryKeys.get(servicePaths.products, id),
    enabled: Boolean(shop && id),
    staleTime: 60_000,
    queryFn: () => resourceApi(servicePaths.products).get(id)
  })
  if (typeof quantity !== 'number') return null
  return <>{quantityText(quantity, unitOf(record.data as Measured | undefined))}</>
}
