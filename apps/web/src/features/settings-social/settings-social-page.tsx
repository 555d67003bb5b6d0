import { CurrentShopSettingsForm } from '../../components/editor/shop-settings-form'
import { socialSettingsFormFields, socialSettingsOf, socialSettingsPatch } from './settings-social-fields'

/** settings/social (decision 0113): the links the storefront's footer shows. */
export const SettingsSocialPage = () => (
  <CurrentShopSettingsForm
    fields={socialSettingsFormFields}
    title="social.title"
    valuesOf={socialSettingsOf}
    patchOf={socialSettingsPatch}
    testId="social-settings"
  />
)
