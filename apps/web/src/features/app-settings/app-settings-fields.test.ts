import { describe, expect, it } from 'vitest'
import { appSettingNames, shopSchema, type Shop } from '@emporia/shared'
import { appSettingsMessages } from './app-settings.messages'
import { appSettingsFormFields, appSettingsOf, appSettingsPatch } from './app-settings-fields'

const shop = {
  _id: 'a'.repeat(24),
  name: { en: 'Tea' },
  subdomain: 'tea',
  appName: 'Tea House',
  appIcon: 'b'.repeat(24),
  appShortcuts: ['cart']
} as unknown as Shop

describe('app settings', () => {
  it('has a field for every app setting of the shared schema, each a field of the shop', () => {
    expect(appSettingsFormFields.map((field) => field.name).sort()).toEqual([...appSettingNames].sort())
    for (const name of appSettingNames) expect(Object.keys(shopSchema.properties)).toContain(name)
  })

  it('keeps what is set, and clears an emptied setting with null', () => {
    const values = appSettingsOf(shop)
    expect(values).toMatchObject({ appName: 'Tea House', appIcon: 'b'.repeat(24), appShortcuts: ['cart'], appThemeColor: '' })
    const patch = appSettingsPatch({ ...values, appName: '  Tea House  ', appShortName: '', appThemeColor: '#112233' })
    expect(patch).toMatchObject({ appName: 'Tea House', appShortName: null, appThemeColor: '#112233', appBackgroundColor: null })
    expect(appSettingsPatch({ ...values, appIcon: null }).appIcon).toBeNull()
  })

  it('says every text in the three languages', () => {
    const keys = Object.keys(appSettingsMessages.en).sort()
    expect(Object.keys(appSettingsMessages.cht).sort()).toEqual(keys)
    expect(Object.keys(appSettingsMessages.chs).sort()).toEqual(keys)
  })
})
