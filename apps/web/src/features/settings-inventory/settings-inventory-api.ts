import { servicePaths, type Shop, type ShopPatch } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { shopApi } from '../../lib/resource-client'
import { getCurrentShopId } from '../../lib/shop'

/** Saves the stock settings on the current shop (spec §7.3 shops patch). */
export const saveInventorySettings = async (patch: ShopPatch): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).patch(getCurrentShopId()!, patch)
}

/** "Reset Product Status": recomputes stock and applies the status rule to every product now (decision 0040). */
export const rebuildInventory = () => shopApi(servicePaths.inventoryRebuild).create({ shop: getCurrentShopId() })
