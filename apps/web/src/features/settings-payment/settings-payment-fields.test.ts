import { describe, expect, it } from 'vitest'
import { shopSchema, type Shop } from '@emporia/shared'
import { schemaChecks } from '../../components/editor/schema-checks'
import { shownPath } from '../../components/editor/server-errors'
import type { FieldDef } from '../../components/fields/field-types'
import { settingsPaymentMessages } from './settings-payment.messages'
import {
  cardFields,
  methodFields,
  onlineOrderFields,
  orderIdFields,
  orderIdPreview,
  paymentSettingsOf,
  paymentSettingsPatch,
  paymentSettingsProblem,
  receiptFields,
  roundingFields,
  storedValues
} from './settings-payment-fields'

const Dummy = () => null
const fields: FieldDef[] = [
  ...methodFields,
  ...cardFields(Dummy),
  ...onlineOrderFields,
  ...roundingFields,
  ...orderIdFields,
  ...receiptFields(Dummy)
]
/** The form's values for a shop, with some typed over them, as the form would store them. */
const typed = (changes: Record<string, unknown>, shop?: Partial<Shop>) =>
  storedValues(fields, { ...paymentSettingsOf(shop as Shop | undefined), ...changes })

describe('payment settings form (decision 0079)', () => {
  it('starts a shop without settings at the defaults: no rounding, 000001, Hong Kong time, no secrets', () => {
    const values = paymentSettingsOf(undefined)
    expect(values).toMatchObject({
      roundingFactor: null,
      roundingMode: 'roundOff',
      'orderIdList.startNum': 1,
      'orderIdList.padding': 6,
      'orderIdList.type': 'sequence',
      'orderIdList.dateFormat': '',
      timeZone: 'Asia/Hong_Kong',
      'cardPayment.secretKey': '',
      'cardPayment.hasSecretKey': false
    })
    expect(orderIdPreview(storedValues(fields, values))).toBe('000001')
    // Nothing to correct before the merchant starts: no bank account yet is no missing one.
    expect(schemaChecks(fields, values, shopSchema)).toEqual({})
  })

  it('shows rounding factors in currency units and stores cents; empty is no rounding', () => {
    const patch = paymentSettingsPatch(typed({ subtotalRoundingFactor: '0.1', roundingFactor: '1', roundingMode: 'roundUp' }))
    expect(patch).toMatchObject({ subtotalRoundingFactor: 10, roundingFactor: 100, roundingMode: 'roundUp' })
    expect(paymentSettingsPatch(typed({ roundingFactor: '' })).roundingFactor).toBeNull()
    // The schema's rule on the stored cents, with the limit in currency units.
    expect(schemaChecks(roundingFields, { roundingFactor: '0.005' }, shopSchema)).toEqual({})
    expect(schemaChecks(roundingFields, { roundingFactor: '2000' }, shopSchema).roundingFactor).toEqual({
      key: 'format.shouldLessOrEqual',
      values: { value: 1000 }
    })
  })

  it('puts the §5.4 rules from the shared roundingProblem on the total factor as values change', () => {
    expect(paymentSettingsProblem(typed({ subtotalRoundingFactor: '0.1' }))).toEqual({
      key: 'rounding.totalFactorRequired',
      field: 'roundingFactor'
    })
    expect(paymentSettingsProblem(typed({ subtotalRoundingFactor: '0.5', roundingFactor: '0.1' }))?.key).toBe(
      'rounding.totalBelowSubtotal'
    )
    expect(paymentSettingsProblem(typed({ subtotalRoundingFactor: '0.2', roundingFactor: '0.5' }))?.key).toBe(
      'rounding.notDivisible'
    )
    expect(paymentSettingsProblem(typed({ subtotalRoundingFactor: '0.1', roundingFactor: '1' }))).toBeNull()
    // An amount still being typed is the field's own business (not yet a number).
    expect(paymentSettingsProblem(typed({ subtotalRoundingFactor: '0.1', roundingFactor: '1+' }))?.key).toBe(
      'rounding.totalFactorRequired'
    )
    // The server's refusal lands on the same field.
    expect(shownPath(fields, 'roundingFactor')).toBe('roundingFactor')
    expect(shownPath(fields, 'orderIdList.dateFormat')).toBe('orderIdList.dateFormat')
    expect(shownPath(fields, 'posExtraPaymentMethods.1.name')).toBe('posExtraPaymentMethods.1.name')
    expect(shownPath(fields, 'bankTransfer.accounts.0.no')).toBe('bankTransfer.accounts.0.no')
  })

  it('previews the next order number live from the order number settings and the time zone', () => {
    const at = new Date('2026-03-31T17:30:00Z')
    const settings = { 'orderIdList.prefix': 'HK-', 'orderIdList.padding': '4', 'orderIdList.dateFormat': 'YYYYMMDD' }
    expect(orderIdPreview(typed(settings), at)).toBe('HK-202604010001')
    expect(orderIdPreview(typed({ ...settings, timeZone: 'UTC' }), at)).toBe('HK-202603310001')
    // A zone still being typed previews in Hong Kong time rather than not at all.
    expect(orderIdPreview(typed({ ...settings, timeZone: 'Europe/Lon' }), at)).toBe('HK-202604010001')
    expect(orderIdPreview(typed({ 'orderIdList.startNum': '1000' }, { orderIdList: { current: 1500 } }), at)).toBe('001501')
    expect(paymentSettingsProblem(typed({ 'orderIdList.type': 'daily' }))).toEqual({
      key: 'orderId.dateNeeded',
      field: 'orderIdList.dateFormat'
    })
    expect(schemaChecks(orderIdFields, { 'orderIdList.padding': '13', 'orderIdList.prefix': 'A B' }, shopSchema)).toEqual({
      'orderIdList.padding': { key: 'format.shouldLessOrEqual', values: { value: 12 } },
      'orderIdList.prefix': { key: 'format.invalid' }
    })
  })

  it('sends a secret only when typed, null when removed, and never the flags', () => {
    const shop = {
      cardPayment: { provider: 'stripe', enabled: true, publicKey: 'pk_test_1', hasSecretKey: true }
    } as Partial<Shop>
    const untouched = paymentSettingsPatch(typed({}, shop)).cardPayment
    expect(untouched).toEqual({ provider: 'stripe', enabled: true, publicKey: 'pk_test_1' })
    expect(paymentSettingsPatch(typed({ 'cardPayment.secretKey': ' sk_test_2 ' }, shop)).cardPayment).toMatchObject({
      secretKey: 'sk_test_2'
    })
    expect(paymentSettingsPatch(typed({ 'cardPayment.webhookSecret': null }, shop)).cardPayment).toMatchObject({
      webhookSecret: null
    })
    expect(paymentSettingsProblem(typed({}, shop))).toBeNull()
    // Removing the stored key of enabled card payments breaks the rule the server would refuse.
    expect(paymentSettingsProblem(typed({ 'cardPayment.secretKey': null }, shop))).toEqual({
      key: 'payment.cardKeysNeeded',
      field: 'cardPayment.secretKey'
    })
    const secretField = cardFields(Dummy).find((field) => field.name === 'cardPayment.secretKey')!
    expect(secretField.validate?.('not-a-key', {})).toBe('format.invalid')
    expect(secretField.validate?.('sk_test_ok', {})).toBeUndefined()
    expect(secretField.validate?.('', {})).toBeUndefined()
  })

  it('shows the online order limits at their defaults and sends only what differs from them (decision 0120)', () => {
    expect(paymentSettingsOf(undefined)).toMatchObject({
      'onlineOrderLimits.maxLines': 30,
      'onlineOrderLimits.maxUnitsPerLine': 50,
      'onlineOrderLimits.maxUnpaidOrders': 3,
      'onlineOrderLimits.bankTransferMinutes': 60,
      'onlineOrderLimits.pickUpMinutes': 1440,
      'pickUp.enabled': false,
      'pickUp.address': ''
    })
    expect(paymentSettingsPatch(typed({})).onlineOrderLimits).toEqual({})
    const shop = { onlineOrderLimits: { maxLines: 80, pickUpMinutes: 0 } } as Partial<Shop>
    expect(paymentSettingsOf(shop as Shop)).toMatchObject({
      'onlineOrderLimits.maxLines': 80,
      'onlineOrderLimits.maxUnitsPerLine': 50,
      'onlineOrderLimits.pickUpMinutes': 0
    })
    // Typed (an expression counts), kept as set, and an emptied field goes back to the default.
    const patch = paymentSettingsPatch(
      typed({ 'onlineOrderLimits.maxUnitsPerLine': '12*10', 'onlineOrderLimits.maxLines': '' }, shop)
    )
    expect(patch.onlineOrderLimits).toEqual({ maxUnitsPerLine: 120, pickUpMinutes: 0 })
  })

  it("refuses an online order limit outside the shared schema's range or not whole, never rounding it", () => {
    const check = (name: string, value: string) => schemaChecks(onlineOrderFields, { [name]: value }, shopSchema)[name]
    expect(check('onlineOrderLimits.maxLines', '101')).toEqual({ key: 'format.shouldLessOrEqual', values: { value: 100 } })
    expect(check('onlineOrderLimits.maxLines', '0')).toEqual({ key: 'format.shouldGreaterOrEqual', values: { value: 1 } })
    expect(check('onlineOrderLimits.maxUnitsPerLine', '10000')?.key).toBe('format.shouldLessOrEqual')
    expect(check('onlineOrderLimits.maxUnpaidOrders', '51')?.key).toBe('format.shouldLessOrEqual')
    expect(check('onlineOrderLimits.bankTransferMinutes', '4')).toEqual({
      key: 'format.shouldGreaterOrEqual',
      values: { value: 5 }
    })
    expect(check('onlineOrderLimits.pickUpMinutes', '43201')?.key).toBe('format.shouldLessOrEqual')
    expect(check('onlineOrderLimits.maxUnpaidOrders', '2.5')).toEqual({ key: 'format.integer' })
    expect(check('onlineOrderLimits.pickUpMinutes', '0')).toBeUndefined()
    expect(check('onlineOrderLimits.maxLines', '')).toBeUndefined()
    // What is sent is what was typed: a half is the server's to refuse too, not rounded here.
    expect(paymentSettingsPatch(typed({ 'onlineOrderLimits.maxLines': '2.5' })).onlineOrderLimits).toEqual({ maxLines: 2.5 })
    // The server's refusal lands on the field.
    expect(shownPath(fields, 'onlineOrderLimits.bankTransferMinutes')).toBe('onlineOrderLimits.bankTransferMinutes')
  })

  it('offers cash on pick-up with its address, and helps with every limit in each language', () => {
    const shop = { pickUp: { enabled: true, address: 'Shop 3, 1 Queen St' } } as Partial<Shop>
    expect(paymentSettingsPatch(typed({}, shop)).pickUp).toEqual({ enabled: true, address: 'Shop 3, 1 Queen St' })
    expect(paymentSettingsPatch(typed({ 'pickUp.address': '  ' }, shop)).pickUp).toEqual({ enabled: true })
    expect(paymentSettingsPatch(typed({})).pickUp).toEqual({ enabled: false })
    for (const field of onlineOrderFields) {
      expect(field.help, field.name).toBeDefined()
      for (const language of ['en', 'cht', 'chs'] as const) {
        const messages = settingsPaymentMessages[language] as Record<string, string>
        expect(messages[field.label], `${language} ${field.label}`).toMatch(/\S/)
        expect(messages[field.help!], `${language} ${field.help}`).toMatch(/\S/)
      }
    }
  })

  it('trims lists and refuses a repeated POS payment method on its row', () => {
    const patch = paymentSettingsPatch(
      typed({
        'bankTransfer.enabled': true,
        'bankTransfer.accounts': [{ bankName: ' HSBC ', name: 'Emporia', no: '001' }],
        posExtraPaymentMethods: [{ name: ' Octopus ' }]
      })
    )
    expect(patch.bankTransfer).toEqual({
      enabled: true,
      accounts: [{ bankName: 'HSBC', name: 'Emporia', no: '001', enabled: true }]
    })
    expect(patch.posExtraPaymentMethods).toEqual([{ name: 'Octopus' }])
    expect(paymentSettingsProblem(typed({ posExtraPaymentMethods: [{ name: 'Octopus' }, { name: 'OCTOPUS' }] }))).toEqual({
      key: 'payment.duplicateMethod',
      field: 'posExtraPaymentMethods.1.name'
    })
  })
})
