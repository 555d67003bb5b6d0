import { describe, expect, it } from 'vitest'
import { checkRules, formRules } from '../src/platform/form-rules'
import { isSubdomain, normalizeSubdomain } from '../src/platform/patterns'
import { shippingMethodProblem, shippingPrice } from '../src/eshop/shipping-method.schema'
import { shopSchema } from '../src/shops/shop.schema'
import { siteSettingsProblem, storefrontUi } from '../src/shops/site-settings'

describe('subdomain (issue 18, decision 0113)', () => {
  it('is a real DNS label: letters, digits and "-", 1–63, no "-" at either end', () => {
    for (const good of ['a', 'tea', 'Tea-House', 'x1', '9lives', 'a'.repeat(63), 'a-b-c'])
      expect([good, isSubdomain(good)]).toEqual([good, true])
    for (const bad of ['', '-tea', 'tea-', 'my_shop', 'tea.house', 'a'.repeat(64), 'tea house', 'café', '-'])
      expect([bad, isSubdomain(bad)]).toEqual([bad, false])
  })

  it('says format.subdomain in forms, from the shop schema', () => {
    expect(checkRules(formRules(shopSchema, 'subdomain'), 'my_shop')).toEqual({ key: 'format.subdomain' })
    expect(checkRules(formRules(shopSchema, 'subdomain'), 'my-shop')).toBeUndefined()
    expect(normalizeSubdomain(' Tea-House ')).toBe('tea-house')
  })
})

describe('social settings', () => {
  it('takes http(s) links only, a phone for WhatsApp, with their own message keys', () => {
    const rules = formRules(shopSchema, 'socialFacebook')
    expect(checkRules(rules, 'https://facebook.com/teahouse')).toBeUndefined()
    expect(checkRules(rules, 'http://example.hk/x?y=1')).toBeUndefined()
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'facebook.com/tea',
      'https://',
      'https://nodot',
      'data:text/html,x'
    ])
      expect([bad, checkRules(rules, bad)]).toEqual([bad, { key: 'format.url' }])
    const phone = formRules(shopSchema, 'socialWhatsapp')
    expect(checkRules(phone, '+852 9123 4567')).toBeUndefined()
    expect(checkRules(phone, 'call me')).toEqual({ key: 'format.phone' })
  })
})

describe('UI settings', () => {
  it('fills the defaults the storefront reads', () => {
    expect(storefrontUi({})).toEqual({
      defaultLocale: 'cht',
      locales: ['en', 'cht', 'chs'],
      productsPerPage: 24,
      showStock: false,
      showSoldOut: true,
      productImageRatio: '1:1'
    })
  })

  it('needs the default language among those offered', () => {
    expect(siteSettingsProblem({ uiLocales: ['en'], uiDefaultLocale: 'en' })).toBeUndefined()
    expect(siteSettingsProblem({ uiLocales: ['en'] })).toEqual({ field: 'uiDefaultLocale', key: 'ui.defaultLocaleOffered' })
    expect(siteSettingsProblem({ uiLocales: ['en', 'chs'], uiDefaultLocale: 'cht' })).toMatchObject({ field: 'uiDefaultLocale' })
  })
})

describe('shipping method rules', () => {
  const method = (priceRanges: { min: number; max?: number | null; price: number }[]) => ({ name: 'Courier', priceRanges })

  it('needs a name in some language', () => {
    expect(shippingMethodProblem({ name: ' ', priceRanges: [] })).toEqual({ field: 'name', key: 'format.required' })
    expect(shippingMethodProblem({ name: { en: '', cht: '' }, priceRanges: [] })).toEqual({
      field: 'name',
      key: 'format.required'
    })
    expect(shippingMethodProblem({ name: { cht: '順豐' }, priceRanges: [] })).toBeUndefined()
  })

  it('needs each range to end above its start', () => {
    expect(shippingMethodProblem(method([{ min: 0, max: 50_000, price: 3000 }]))).toBeUndefined()
    expect(
      shippingMethodProblem(
        method([
          { min: 0, max: 50_000, price: 3000 },
          { min: 500, max: 500, price: 0 }
        ])
      )
    ).toEqual({
      field: 'priceRanges.1.max',
      key: 'shipping.rangeMaxAboveMin'
    })
  })

  it('refuses ranges sharing an order total, open ones included; touching ends are fine', () => {
    expect(
      shippingMethodProblem(
        method([
          { min: 0, max: 50_000, price: 3000 },
          { min: 50_000, max: null, price: 0 }
        ])
      )
    ).toBeUndefined()
    expect(
      shippingMethodProblem(
        method([
          { min: 0, max: 50_000, price: 3000 },
          { min: 49_999, price: 0 }
        ])
      )
    ).toEqual({
      field: 'priceRanges.1.min',
      key: 'shipping.rangeOverlap',
      values: { other: 1 }
    })
    expect(
      shippingMethodProblem(
        method([
          { min: 10_000, price: 0 },
          { min: 0, max: 5_000, price: 1 },
          { min: 20_000, max: 30_000, price: 2 }
        ])
      )
    ).toEqual({ field: 'priceRanges.2.min', key: 'shipping.rangeOverlap', values: { other: 1 } })
  })

  it('prices an order by its range, else the method price', () => {
    const m = {
      price: 4000,
      priceRanges: [
        { min: 0, max: 20_000, price: 3000 },
        { min: 50_000, price: 0 }
      ]
    }
    expect(shippingPrice(m, 19_999)).toBe(3000)
    expect(shippingPrice(m, 20_000)).toBe(4000)
    expect(shippingPrice(m, 50_000)).toBe(0)
  })
})
