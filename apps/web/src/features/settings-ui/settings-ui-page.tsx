import { CurrentShopSettingsForm } from '../../components/editor/shop-settings-form'
import { uiSettingsFormFields, uiSettingsOf, uiSettingsPatch } from './settings-ui-fields'

/** settings/ui (decision 0113): the storefront's languages and product listing. */
export const SettingsUiPage = () => (
  <CurrentShopSettingsForm
    fields={uiSettingsFormFields}
    title="ui.title"
    valuesOf={uiSettingsOf}
    patchOf={uiSettingsPatch}
    testId="ui-settings"
  />
)
