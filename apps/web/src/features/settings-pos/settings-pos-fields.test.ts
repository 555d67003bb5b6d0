import { describe, expect, it } from 'vitest'
import { shopSchema } from '@emporia/shared'
import { schemaChecks } from '../../components/editor/schema-checks'
import { posSettingsFormFields, posSettingsOf, posSettingsPatch } from './settings-pos-fields'

describe('POS settings form (decision 0099)', () => {
  it('starts a shop without POS settings at managers-only drawer, no guest mode, no texts', () => {
    expect(posSettingsOf(undefined)).toEqual({
      posDrawerOpener: 'manager',
      posRefundNeedsManager: false,
      useCashboxLog: false,
      posGuestMode: false,
      posInvoiceHeader: null,
      posInvoiceFooter: null,
      posInvoiceQr: false,
      posFooterDomain: '',
      posAppLink: '',
      posProductLink: '',
      posCode: '',
      bundlePopup: 'none'
    })
  })

  it('patches only its settings; an empty text is null, a translated one is kept', () => {
    expect(
      posSettingsPatch({
        posDrawerOpener: 'everyone',
        posRefundNeedsManager: true,
        useCashboxLog: true,
        posGuestMode: true,
        posInvoiceHeader: { en: 'Thanks', cht: '多謝', chs: '' },
        posInvoiceFooter: { en: ' ', cht: '' },
        posInvoiceQr: true,
        posFooterDomain: ' shop.example.com ',
        posAppLink: '',
        posProductLink: 'https://shop.example.com/p',
        posCode: '  ',
        bundlePopup: 'popup',
        posWarehouse: 'x'
      })
    ).toEqual({
      posDrawerOpener: 'everyone',
      posRefundNeedsManager: true,
      useCashboxLog: true,
      posGuestMode: true,
      posInvoiceHeader: { en: 'Thanks', cht: '多謝', chs: '' },
      posInvoiceFooter: null,
      posInvoiceQr: true,
      posFooterDomain: 'shop.example.com',
      posAppLink: null,
      posProductLink: 'https://shop.example.com/p',
      posCode: null,
      bundlePopup: 'popup'
    })
    // A value the form does not offer is the default, not sent as typed.
    expect(posSettingsPatch({ bundlePopup: 'always' }).bundlePopup).toBe('none')
  })

  it('applies the shared schema to the texts', () => {
    expect(schemaChecks(posSettingsFormFields, { posInvoiceHeader: 'x'.repeat(1001) }, shopSchema).posInvoiceHeader).toBeTruthy()
    expect(schemaChecks(posSettingsFormFields, posSettingsOf(undefined), shopSchema)).toEqual({})
    const bad = schemaChecks(
      posSettingsFormFields,
      { posAppLink: 'javascript:alert(1)', posCode: 'has space', posFooterDomain: 'a/b' },
      shopSchema
    )
    expect(Object.keys(bad).sort()).toEqual(['posAppLink', 'posCode', 'posFooterDomain'])
  })
})
