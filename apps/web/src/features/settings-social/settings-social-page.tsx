import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import { useSession } from '../../lib/auth'
import { useCurrentShop } from '../../lib/shop'
import { socialSettingsFormFields, socialSettingsOf, socialSettingsPatch } from './settings-social-fields'

/** settings/social (decision 0113): the links the storefront's footer shows. */
export const SettingsSocialPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  return (
    <ShopSettingsForm
      key={shop._id}
      shop={shop}
      fields={socialSettingsFormFields}
      title="social.title"
      valuesOf={socialSettingsOf}
      patchOf={socialSettingsPatch}
      testId="social-settings"
    />
  )
}
