import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import type { FieldProps } from '../../components/fields/field-types'
import { paymentSettingsOf, paymentSettingsPatch, paymentSettingsProblem } from './settings-payment-fields'
import { gatewaySections } from './settings-payment-gateways'
import { settingsPaymentGatewayMessages } from './settings-payment-gateways.messages'

const Secret = (_: FieldProps) => null
const shop = {
  paymentGateways: { alipayHk: { enabled: true, staging: true, id: '2021001', hasKey: true, hasSign: true } }
} as unknown as Shop
const values = (change: Record<string, unknown> = {}, from: Shop | undefined = shop) => ({
  ...paymentSettingsOf(from),
  ...change
})

describe('payment gateway settings', () => {
  it('sends every gateway whole and a key only when typed or removed, never the stored one', () => {
    const gateways = paymentSettingsPatch(values()).paymentGateways!
    expect(gateways.alipayHk).toEqual({ enabled: true, staging: true, id: '2021001' })
    expect(gateways.terminal).toEqual({ enabled: false, staging: true })
    const typed = paymentSettingsPatch(values({ 'paymentGateways.terminal.key': ' k-1 ', 'paymentGateways.alipayHk.sign': null }))
    expect(typed.paymentGateways!.terminal).toMatchObject({ key: 'k-1' })
    expect(typed.paymentGateways!.alipayHk).toMatchObject({ sign: null })
    // A gateway that takes no signing key never sends one.
    expect(paymentSettingsPatch(values({ 'paymentGateways.octopus.sign': 'x' })).paymentGateways!.octopus).not.toHaveProperty(
      'sign'
    )
  })

  it('asks for the id and keys of an enabled gateway, counting stored keys as set until removed', () => {
    expect(paymentSettingsProblem(values())).toBeNull()
    expect(paymentSettingsProblem(values({ 'paymentGateways.alipayHk.key': null }))).toEqual({
      key: 'payment.gatewayKeysNeeded',
      field: 'paymentGateways.alipayHk.key'
    })
    const terminal = { 'paymentGateways.terminal.enabled': true, 'paymentGateways.terminal.id': 'MID-1' }
    expect(paymentSettingsProblem(values(terminal))).toEqual({
      key: 'payment.gatewayKeysNeeded',
      field: 'paymentGateways.terminal.key'
    })
    expect(paymentSettingsProblem(values({ ...terminal, 'paymentGateways.terminal.key': 'typed' }))).toBeNull()
  })

  it('names every gateway field in each language', () => {
    for (const section of gatewaySections(Secret))
      for (const language of ['en', 'cht', 'chs'] as const) {
        const messages = settingsPaymentGatewayMessages[language] as Record<string, string>
        expect(messages[section.title], `${language} ${section.title}`).toMatch(/\S/)
        for (const field of section.fields) expect(messages[field.label], `${language} ${field.label}`).toMatch(/\S/)
      }
  })
})
