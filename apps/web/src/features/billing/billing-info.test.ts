import { describe, expect, it } from 'vitest'
import type { BillingInfo } from '@emporia/shared'
import { billingInfoErrors, emptyBillingInfo, normalizeBillingInfo } from './billing-info'
import { billingMessages } from './billing.messages'
import { countries } from './countries'

const filled = (patch: Partial<BillingInfo> = {}): BillingInfo => ({
  ...emptyBillingInfo(),
  firstName: 'Mei',
  lastName: 'Chan',
  address1: '1 Queen’s Road Central',
  city: 'Hong Kong',
  phone: '2123 4567',
  ...patch
})

describe('the billing info form', () => {
  it('starts in Hong Kong with its dialling code', () => {
    expect(emptyBillingInfo()).toMatchObject({ country: 'HK', phoneCountry: '852', company: '' })
  })

  it('asks for the name, the first address line, the city and the phone; the rest may stay empty', () => {
    expect(Object.keys(billingInfoErrors(emptyBillingInfo())).sort()).toEqual([
      'address1',
      'city',
      'firstName',
      'lastName',
      'phone'
    ])
    expect(billingInfoErrors(emptyBillingInfo()).firstName).toEqual({ key: 'format.required' })
    expect(billingInfoErrors(filled())).toEqual({})
    // Spaces alone are not a name.
    expect(billingInfoErrors(filled({ firstName: '   ' })).firstName).toEqual({ key: 'format.required' })
  })

  it('keeps the schema limits, with clear words for the phone and the country', () => {
    expect(billingInfoErrors(filled({ company: 'x'.repeat(201) })).company).toEqual({
      key: 'format.tooLong',
      values: { length: 200 }
    })
    expect(billingInfoErrors(filled({ phone: '123' })).phone).toEqual({ key: 'format.length', values: { length: 4 } })
    expect(billingInfoErrors(filled({ phone: '2123 45x7' })).phone).toEqual({ key: 'billingPage.info.phoneInvalid' })
    expect(billingInfoErrors(filled({ phoneCountry: '85212' })).phoneCountry).toEqual({
      key: 'billingPage.info.phoneCountryInvalid'
    })
    expect(billingInfoErrors(filled({ phoneCountry: '+852' }))).toEqual({})
    expect(billingInfoErrors(filled({ country: 'XX' })).country).toEqual({ key: 'billingPage.info.countryInvalid' })
    expect(billingInfoErrors(filled({ country: 'hk' }))).toEqual({})
    for (const key of [
      'billingPage.info.phoneInvalid',
      'billingPage.info.phoneCountryInvalid',
      'billingPage.info.countryInvalid'
    ])
      expect(billingMessages.en).toHaveProperty([key])
  })

  it('saves what the server stores: trimmed, the country in capitals, the code without +', () => {
    expect(normalizeBillingInfo(filled({ firstName: ' Mei ', country: 'tw', phoneCountry: '+886' }))).toMatchObject({
      firstName: 'Mei',
      country: 'TW',
      phoneCountry: '886'
    })
  })

  it('names the countries in each language, Hong Kong as the merchant says it', () => {
    expect(countries('en')).toHaveLength(249)
    expect(countries('en').find((country) => country.code === 'HK')?.name).toBe('Hong Kong')
    expect(countries('cht').find((country) => country.code === 'HK')?.name).toBe('香港')
    expect(countries('chs').find((country) => country.code === 'MO')?.name).toBe('澳门')
    expect(countries('en').find((country) => country.code === 'JP')?.name).toBe('Japan')
  })
})
