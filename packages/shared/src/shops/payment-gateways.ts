import { Type, type Static } from '@sinclair/typebox'

/*
 * The shop's other payment gateways (spec §3.1 "credentials (id, key, sign, domain, staging flag; open id
 * and key; MID and key)", §9.8; decision 0199): one shape for each, its public fields in the shop record,
 * its key and signing key write-only (kept in shopSecrets, the record only says `hasKey`, `hasSign`).
 */

/** AlipayHK (mobile wallet), WeChat Pay HK (messaging wallet), Octopus (transit card), the card terminal. */
export const paymentGatewayIds = ['alipayHk', 'wechatPayHk', 'octopus', 'terminal'] as const
export type PaymentGatewayId = (typeof paymentGatewayIds)[number]

/** The payment method each gateway takes (`gatewayPaymentMethods` of the payment schema). */
export const gatewayMethods: Record<PaymentGatewayId, 'mobileWallet' | 'messagingWallet' | 'transitCard' | 'terminal'> = {
  alipayHk: 'mobileWallet',
  wechatPayHk: 'messagingWallet',
  octopus: 'transitCard',
  terminal: 'terminal'
}
export const gatewayOfMethod = (method: string): PaymentGatewayId | undefined =>
  paymentGatewayIds.find((id) => gatewayMethods[id] === method)

/**
 * Which credentials each gateway asks for: AlipayHK the app id, our private key, Alipay's public key
 * (`sign`) and its gateway `domain`; WeChat Pay "<mchid>.<appid>", its key bundle (APIv3 key, certificate serial,
 * API private key) and its platform public key (`sign`, decision 0199 amended); Octopus and the terminal a
 * MID and key. `sign` is the key notifications are verified with.
 */
export const gatewayCredentials: Record<PaymentGatewayId, readonly ('id' | 'key' | 'sign' | 'domain')[]> = {
  alipayHk: ['id', 'key', 'sign', 'domain'],
  wechatPayHk: ['id', 'key', 'sign'],
  octopus: ['id', 'key'],
  terminal: ['id', 'key']
}
/** The gateways the server can talk to today; the others are configured and refused as `not_available`. */
export const workingGateways: readonly PaymentGatewayId[] = ['alipayHk', 'terminal', 'wechatPayHk', 'octopus']

const secret = Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 4000 }), Type.Null()], { writeOnly: true }))

export const paymentGatewaySchema = Type.Object(
  {
    enabled: Type.Boolean(),
    /** The provider's test environment (sandbox) instead of its live one. */
    staging: Type.Boolean(),
    /** The app id, open id or MID. */
    id: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_.-]*$' })),
    /** The gateway's address, when the provider gives the merchant one (AlipayHK); empty = its usual one. */
    domain: Type.Optional(Type.String({ maxLength: 255, pattern: '^(https://[A-Za-z0-9.-]+(:[0-9]+)?(/[A-Za-z0-9._/-]*)?)?$' })),
    key: secret,
    sign: secret,
    hasKey: Type.Optional(Type.Boolean({ readOnly: true })),
    hasSign: Type.Optional(Type.Boolean({ readOnly: true }))
  },
  { additionalProperties: false }
)
export type PaymentGateway = Static<typeof paymentGatewaySchema>

export const paymentGatewaysSchema = Type.Object(
  {
    alipayHk: Type.Optional(paymentGatewaySchema),
    wechatPayHk: Type.Optional(paymentGatewaySchema),
    octopus: Type.Optional(paymentGatewaySchema),
    terminal: Type.Optional(paymentGatewaySchema)
  },
  { additionalProperties: false }
)
export type PaymentGateways = Partial<Record<PaymentGatewayId, PaymentGateway>>

/** The write-only fields and the flag that says each is set. */
export const gatewaySecretFields = { key: 'hasKey', sign: 'hasSign' } as const

/** Whether a shop takes payments through a gateway: enabled, and one the server can talk to. */
export const gatewayEnabled = (gateways: PaymentGateways | null | undefined, id: PaymentGatewayId) =>
  gateways?.[id]?.enabled === true && workingGateways.includes(id)

/** The first enabled gateway missing a credential it needs, as a settings problem, or null. */
export const paymentGatewaysProblem = (gateways: PaymentGateways | null | undefined) => {
  for (const id of paymentGatewayIds) {
    const gateway = gateways?.[id]
    if (!gateway?.enabled) continue
    for (const field of gatewayCredentials[id]) {
      if (field === 'domain') continue
      const set = field === 'id' ? Boolean(gateway.id) : Boolean(gateway[field]) || gateway[gatewaySecretFields[field]] === true
      if (!set) return { key: 'payment.gatewayKeysNeeded', field: `paymentGateways.${id}.${field}` }
    }
  }
  return null
}

/**
 * What `settings/integrations` may show of each gateway: enabled, which credentials are set, the
 * staging flag, and whether the server can talk to it yet. Never a credential.
 */
export const gatewayStates = (gateways: PaymentGateways | null | undefined) =>
  paymentGatewayIds.map((id) => {
    const gateway = gateways?.[id]
    return {
      id,
      method: gatewayMethods[id],
      enabled: gateway?.enabled === true,
      staging: gateway?.staging === true,
      ready: paymentGatewaysProblem({ [id]: { ...gateway, enabled: true } }) === null,
      available: workingGateways.includes(id)
    }
  })
