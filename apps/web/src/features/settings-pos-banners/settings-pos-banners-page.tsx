import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import type { FieldDef } from '../../components/fields/field-types'
import { useSession } from '../../lib/auth'
import { useCurrentShop } from '../../lib/shop'
import { BannerListInput } from './banner-list-input'
import { checkBanners, posBannersOf, posBannersPatch } from './settings-pos-banners-fields'

const fields: FieldDef[] = [
  { name: 'posBanners', label: 'posBanners.list', type: 'custom', component: BannerListInput, wide: true, validate: checkBanners }
]

/** settings/posBanners (decision 0099): what the customer screen shows between orders. */
export const SettingsPosBannersPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  return (
    <ShopSettingsForm
      key={shop._id}
      shop={shop}
      fields={fields}
      valuesOf={posBannersOf}
      patchOf={posBannersPatch}
      testId="pos-banners-settings"
    />
  )
}
