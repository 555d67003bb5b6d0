import { appSettingNames, appShortcutNames, type AppShortcut, type Shop, type ShopPatch } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { AttachmentIdInput } from '../../components/media/attachment-id-input'

const shortcutLabels = Object.fromEntries(
  appShortcutNames.map((name) => [name, `appSettings.shortcut.${name}` as AnyMessageKey])
) as Record<AppShortcut, AnyMessageKey>

/** The app's settings of the shared contract (`appSettingsFields`, decision 0202), checked as the merchant types. */
export const appSettingsFormFields: FieldDef[] = [
  { name: 'appName', label: 'appSettings.name', type: 'text' },
  { name: 'appShortName', label: 'appSettings.shortName', type: 'text' },
  { name: 'appIcon', label: 'appSettings.icon', type: 'custom', component: AttachmentIdInput, wide: true },
  { name: 'appThemeColor', label: 'appSettings.themeColor', type: 'colour' },
  { name: 'appBackgroundColor', label: 'appSettings.backgroundColor', type: 'colour' },
  {
    name: 'appStartPage',
    label: 'appSettings.startPage',
    type: 'select',
    source: { path: 'pages', textField: 'name', valueField: 'path', query: { $sort: { path: 1 } } }
  },
  {
    name: 'appShortcuts',
    label: 'appSettings.shortcuts',
    type: 'select',
    multiple: true,
    source: { enumList: shortcutLabels }
  }
]

export const appSettingsOf = (shop: Shop | undefined): Values => ({
  appName: shop?.appName ?? '',
  appShortName: shop?.appShortName ?? '',
  appIcon: shop?.appIcon ?? null,
  appThemeColor: shop?.appThemeColor ?? '',
  appBackgroundColor: shop?.appBackgroundColor ?? '',
  appStartPage: shop?.appStartPage ?? null,
  appShortcuts: shop?.appShortcuts ?? []
})

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Each setting trimmed; an emptied one is cleared (null), so the storefront uses its default. */
export const appSettingsPatch = (values: Values): ShopPatch => {
  const patch: Record<string, unknown> = {}
  for (const name of appSettingNames) {
    if (name === 'appShortcuts') patch[name] = Array.isArray(values[name]) ? values[name] : []
    else patch[name] = text(values[name]) || null
  }
  return patch as ShopPatch
}
