import { describe, expect, it } from 'vitest'
import { gatewayEnabled, gatewayOfMethod, gatewayStates, paymentGatewaysProblem } from '../src/shops/payment-gateways'
import { paymentMethods } from '../src/orders/payment.schema'

describe('payment gateways (decision 0199)', () => {
  it('maps each gateway to a payment method the payment schema takes', () => {
    for (const method of ['mobileWallet', 'messagingWallet', 'transitCard', 'terminal'] as const) {
      expect(paymentMethods).toContain(method)
      expect(gatewayOfMethod(method)).toBeDefined()
    }
    expect(gatewayOfMethod('cash')).toBeUndefined()
  })

  it('asks an enabled gateway for its id and keys; a stored key counts', () => {
    expect(paymentGatewaysProblem({ terminal: { enabled: true, staging: false, id: 'MID-1' } })).toEqual({
      key: 'payment.gatewayKeysNeeded',
      field: 'paymentGateways.terminal.key'
    })
    expect(paymentGatewaysProblem({ terminal: { enabled: true, staging: false, id: 'MID-1', hasKey: true } })).toBeNull()
    expect(paymentGatewaysProblem({ alipayHk: { enabled: true, staging: true, id: '2021', key: 'k' } })).toEqual({
      key: 'payment.gatewayKeysNeeded',
      field: 'paymentGateways.alipayHk.sign'
    })
    expect(paymentGatewaysProblem({ terminal: { enabled: false, staging: false } })).toBeNull()
  })

  it("tells settings/integrations each gateway's state, never a credential, and takes only working ones", () => {
    const gateways = {
      alipayHk: { enabled: true, staging: true, id: '2021', hasKey: true, hasSign: true, key: 'secret' },
      octopus: { enabled: true, staging: false, id: 'MID1', hasKey: true },
      wechatPayHk: { enabled: true, staging: false, id: '1900000001.wx1', hasKey: true }
    }
    const states = gatewayStates(gateways)
    expect(states.find((state) => state.id === 'alipayHk')).toEqual({
      id: 'alipayHk',
      method: 'mobileWallet',
      enabled: true,
      staging: true,
      ready: true,
      available: true
    })
    expect(states.find((state) => state.id === 'octopus')).toMatchObject({ enabled: true, ready: true, available: true })
    // WeChat Pay is taken now, and needs its platform key (`sign`) besides the key bundle.
    expect(states.find((state) => state.id === 'wechatPayHk')).toMatchObject({ ready: false, available: true })
    expect(JSON.stringify(states)).not.toContain('secret')
    expect(gatewayEnabled(gateways, 'alipayHk')).toBe(true)
    expect(gatewayEnabled(gateways, 'octopus')).toBe(true)
    expect(gatewayEnabled({ octopus: { enabled: false, staging: false, id: 'MID1', hasKey: true } }, 'octopus')).toBe(false)
  })
})
