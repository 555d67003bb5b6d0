import { describe, expect, it } from 'vitest'
import { uiSettingsOf, uiSettingsPatch } from './settings-ui-fields'

describe('UI settings form (decision 0113)', () => {
  it('starts from what the storefront uses now', () => {
    expect(uiSettingsOf(undefined)).toEqual({
      uiLocales: ['en', 'cht', 'chs'],
      uiDefaultLocale: 'cht',
      uiProductsPerPage: 24,
      uiProductImageRatio: '1:1',
      uiShowStock: false,
      uiShowSoldOut: true
    })
  })

  it('patches only its settings, languages in the interface order', () => {
    expect(
      uiSettingsPatch({ uiLocales: ['chs', 'en'], uiDefaultLocale: 'en', uiProductsPerPage: 12, uiProductImageRatio: '4:3' })
    ).toEqual({
      uiLocales: ['en', 'chs'],
      uiDefaultLocale: 'en',
      uiProductsPerPage: 12,
      uiProductImageRatio: '4:3',
      uiShowStock: false,
      uiShowSoldOut: false
    })
  })
})
