import { describe, expect, it } from 'vitest'
import { shopFlowFlagNames, type Shop } from '@emporia/shared'
import { settingsShopMessages } from './settings-shop.messages'
import {
  shopDetailsOf,
  shopDetailsPatch,
  shopFlowFields,
  shopFlowOf,
  shopFlowPatch,
  shopSwitchesOf,
  shopSwitchesPatch
} from './settings-shop-fields'

const shop = {
  _id: 'a'.repeat(24),
  name: { en: 'Tea' },
  subdomain: 'tea',
  icon: 'b'.repeat(24),
  useSubShop: true,
  skipShipping: true
} as unknown as Shop

describe('settings/shop', () => {
  it('keeps the icon as the attachment id, and clears it with null', () => {
    const values = shopDetailsOf(shop)
    expect(values.icon).toBe('b'.repeat(24))
    expect(values.multiscreen).toBe(false)
    expect(shopDetailsPatch({ ...values, multiscreen: true })).toMatchObject({ icon: 'b'.repeat(24), multiscreen: true })
    expect(shopDetailsPatch({ ...values, icon: null }).icon).toBeNull()
    // The money symbol: "$" until the shop chooses "HK$" (decision 0187).
    expect(values.currencySymbol).toBe('$')
    expect(shopDetailsPatch({ ...values, currencySymbol: 'HK$' }).currencySymbol).toBe('HK$')
  })

  it('switches and flow flags: a missing one reads off, and every one is sent as true or false', () => {
    expect(shopSwitchesOf(shop)).toEqual({ useSubShop: true, useCashboxLog: false, useInventoryLot: false, i18n: false })
    expect(shopSwitchesPatch({ useSubShop: false })).toEqual({
      useSubShop: false,
      useCashboxLog: false,
      useInventoryLot: false,
      i18n: false
    })
    const flow = shopFlowOf(shop)
    expect(Object.keys(flow).sort()).toEqual([...shopFlowFlagNames].sort())
    expect(flow.skipShipping).toBe(true)
    expect(flow.ageRestricted).toBe(false)
    expect(shopFlowPatch({ ...flow, ageRestricted: true })).toMatchObject({ ageRestricted: true, skipShipping: true })
  })

  it('every flag has its label and one-line explanation in every language', () => {
    for (const field of shopFlowFields)
      for (const language of ['en', 'cht', 'chs'] as const) {
        const texts = settingsShopMessages[language] as Record<string, string>
        expect(texts[field.label], `${language} ${field.label}`).toBeTruthy()
        expect(texts[field.help!], `${language} ${field.help}`).toBeTruthy()
      }
  })
})
