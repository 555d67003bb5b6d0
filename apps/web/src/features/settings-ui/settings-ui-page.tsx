import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import { useSession } from '../../lib/auth'
import { useCurrentShop } from '../../lib/shop'
import { uiSettingsFormFields, uiSettingsOf, uiSettingsPatch } from './settings-ui-fields'

/** settings/ui (decision 0113): the storefront's languages and product listing. */
export const SettingsUiPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  return (
    <ShopSettingsForm
      key={shop._id}
      shop={shop}
      fields={uiSettingsFormFields}
      title="ui.title"
      valuesOf={uiSettingsOf}
      patchOf={uiSettingsPatch}
      testId="ui-settings"
    />
  )
}
