import { Stack } from '@mui/material'
import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import { useSession } from '../../lib/auth'
import { useCurrentShop } from '../../lib/shop'
import {
  shopDetailsFields,
  shopDetailsOf,
  shopDetailsPatch,
  shopFlowFields,
  shopFlowOf,
  shopFlowPatch,
  shopSwitchFields,
  shopSwitchesOf,
  shopSwitchesPatch
} from './settings-shop-fields'
import { SettingsShopSeo } from './settings-shop-seo'
import { SettingsShopDeletion } from './settings-shop-deletion'

/**
 * settings/shop (decisions 0113, 0178): the shop's details (name, icon, contact, multiscreen), its
 * switches, the shop-flow flags, its website's SEO defaults, then the danger zone that deletes the shop
 * after a grace period (decision 0211). Only admins may save or delete (the server says so).
 */
export const SettingsShopPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  return (
    <Stack spacing={3}>
      <ShopSettingsForm
        key={shop._id}
        shop={shop}
        fields={shopDetailsFields}
        title="shopSettings.title"
        valuesOf={shopDetailsOf}
        patchOf={shopDetailsPatch}
        testId="shop-settings"
      />
      <ShopSettingsForm
        key={`switches-${shop._id}`}
        shop={shop}
        fields={shopSwitchFields}
        title="shopSettings.switches"
        valuesOf={shopSwitchesOf}
        patchOf={shopSwitchesPatch}
        testId="shop-switches"
      />
      <ShopSettingsForm
        key={`flow-${shop._id}`}
        shop={shop}
        fields={shopFlowFields}
        title="shopSettings.flow"
        valuesOf={shopFlowOf}
        patchOf={shopFlowPatch}
        testId="shop-flow"
      />
      <SettingsShopSeo key={`seo-${shop._id}`} shop={shop._id} />
      <SettingsShopDeletion key={`deletion-${shop._id}`} shop={shop} />
    </Stack>
  )
}
