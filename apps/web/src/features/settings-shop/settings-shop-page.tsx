import { Stack } from '@mui/material'
import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import { useSession } from '../../lib/auth'
import { useCurrentShop } from '../../lib/shop'
import { shopDetailsFields, shopDetailsOf, shopDetailsPatch } from './settings-shop-fields'
import { SettingsShopSeo } from './settings-shop-seo'

/** settings/shop (decision 0113): the shop's details, then its website's SEO defaults. */
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
      <SettingsShopSeo key={`seo-${shop._id}`} shop={shop._id} />
    </Stack>
  )
}
