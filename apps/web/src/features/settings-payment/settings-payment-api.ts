import { servicePaths, type Shop, type ShopPatch } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { getCurrentShopId } from '../../lib/shop'

/** Saves the checkout settings on the current shop (spec §7.3 shops patch); answers the shop as saved. */
export const savePaymentSettings = async (patch: ShopPatch): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).patch(getCurrentShopId()!, patch)
}
