import { describe, expect, it } from 'vitest'
import { checkoutSettingsProblem, isStatementDescriptor } from '../src/shops/checkout-settings'
import { checkRules, formRules } from '../src/platform/form-rules'
import { shopSchema } from '../src/shops/shop.schema'

describe('checkout settings rules (decision 0079)', () => {
  it('puts the rounding rules first, on the total factor', () => {
    expect(checkoutSettingsProblem({ subtotalRoundingFactor: 10, timeZone: 'Nowhere/Land' })).toEqual({
      key: 'rounding.totalFactorRequired',
      field: 'roundingFactor'
    })
  })

  it('needs a known time zone and the date in ids that restart', () => {
    expect(checkoutSettingsProblem({ timeZone: 'Asia/Tokyo' })).toBeNull()
    expect(checkoutSettingsProblem({ timeZone: 'Asia/Atlantis' })).toEqual({ key: 'settings.timeZone', field: 'timeZone' })
    expect(checkoutSettingsProblem({ orderIdList: { type: 'daily', dateFormat: 'YYYYMM' } })).toMatchObject({
      field: 'orderIdList.dateFormat'
    })
  })

  it('names a repeated POS payment method (case and spaces ignored) on the repeat', () => {
    expect(checkoutSettingsProblem({ posExtraPaymentMethods: [{ name: 'Octopus' }, { name: 'Alipay' }] })).toBeNull()
    expect(
      checkoutSettingsProblem({ posExtraPaymentMethods: [{ name: 'Octopus' }, { name: 'Alipay' }, { name: ' octopus ' }] })
    ).toEqual({ key: 'payment.duplicateMethod', field: 'posExtraPaymentMethods.2.name' })
    expect(checkoutSettingsProblem({ posExtraPaymentMethods: [{ name: '  ' }] })).toEqual({
      key: 'format.required',
      field: 'posExtraPaymentMethods.0.name'
    })
  })

  it('checks the statement descriptor and the keys of enabled card payments', () => {
    expect(isStatementDescriptor('EMPORIA SHOP')).toBe(true)
    for (const bad of ['ABCD', '12345', 'A'.repeat(23), 'SHOP "ONE"', 'SHOP*ONE', '商店名稱商店'])
      expect(isStatementDescriptor(bad)).toBe(false)
    expect(checkoutSettingsProblem({ cardPayment: { statementDescriptor: 'BAD*' } })).toEqual({
      key: 'payment.statementDescriptor',
      field: 'cardPayment.statementDescriptor'
    })
    expect(checkoutSettingsProblem({ cardPayment: { enabled: false } })).toBeNull()
    expect(checkoutSettingsProblem({ cardPayment: { enabled: true, hasSecretKey: true } })).toEqual({
      key: 'payment.cardKeysNeeded',
      field: 'cardPayment.publicKey'
    })
    expect(checkoutSettingsProblem({ cardPayment: { enabled: true, publicKey: 'pk_test_1' } })).toEqual({
      key: 'payment.cardKeysNeeded',
      field: 'cardPayment.secretKey'
    })
    expect(checkoutSettingsProblem({ cardPayment: { enabled: true, publicKey: 'pk_test_1', secretKey: 'sk_test_1' } })).toBeNull()
    expect(checkoutSettingsProblem({ cardPayment: { enabled: true, publicKey: 'pk_test_1', hasSecretKey: true } })).toBeNull()
  })

  it('gives the form the schema limits of the nested settings', () => {
    expect(formRules(shopSchema, 'orderIdList.padding')).toMatchObject({ type: 'integer', minimum: 0, maximum: 12 })
    expect(formRules(shopSchema, 'roundingFactor')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100_000 })
    expect(checkRules(formRules(shopSchema, 'roundingFactor'), 5, 100)).toBeUndefined()
    expect(checkRules(formRules(shopSchema, 'roundingFactor'), 0.5, 100)).toEqual({ key: 'format.integer' })
    expect(checkRules(formRules(shopSchema, 'orderIdList.prefix'), 'HK 1')).toEqual({ key: 'format.invalid' })
    expect(formRules(shopSchema, 'bankTransfer.accounts.bankName')).toMatchObject({ required: true, maxLength: 100 })
    expect(formRules(shopSchema, 'cardPayment.hasSecretKey').required).toBeUndefined()
  })
})
