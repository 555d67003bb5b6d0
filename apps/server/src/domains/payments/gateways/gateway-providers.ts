import { FeathersError } from '@feathersjs/errors'
import { gatewayEnabled, gatewayOfMethod, type PaymentGatewayId, type PaymentGateways } from '@emporia/shared'
import type { Knex } from 'knex'
import type { ServiceContext } from '../../../platform/http/service-context'
import { readShopSecret } from '../../../platform/secrets/shop-secrets'
import { ProviderError } from '../provider/provider'
import { alipayHkProvider } from './alipay-hk'
import type { GatewayProvider } from './gateway'
import { terminalProvider } from './terminal'
import { octopusProvider } from './octopus'
import { wechatPayCredentials, wechatPayHkProvider } from './wechat-pay-hk'

/** A shop's gateway, with the address its notifications are to be posted to. */
export type ShopGateway = GatewayProvider & { notifyUrl: string }
/** A gateway for a payment method of a shop, or null when the shop has not enabled it (or lacks its keys). */
export type GatewayFor = (method: string, trx?: Knex.Transaction) => Promise<ShopGateway | null>

/** Where each gateway's notifications arrive, `:shop` standing for the shop's id. */
export const GATEWAY_WEBHOOK_PATHS: Partial<Record<PaymentGatewayId, string>> = {
  alipayHk: '/api/payments/webhooks/alipay-hk/:shop',
  terminal: '/api/payments/webhooks/terminal/:shop',
  wechatPayHk: '/api/payments/webhooks/wechat-pay-hk/:shop',
  octopus: '/api/payments/webhooks/octopus/:shop'
}

const asFeathersError = (error: unknown) =>
  error instanceof ProviderError
    ? new FeathersError(error.message, 'GatewayError', error.status, 'gateway-error', {
        key: `payment.provider.${error.code}`,
        field: 'method'
      })
    : error

const guarded = (gateway: GatewayProvider, notifyUrl: string): ShopGateway => ({
  id: gateway.id,
  notifyUrl,
  createCharge: (input) => gateway.createCharge(input).catch((e: unknown) => Promise.reject(asFeathersError(e))),
  getCharge: (reference) => gateway.getCharge(reference).catch((e: unknown) => Promise.reject(asFeathersError(e))),
  cancelCharge: (reference) => gateway.cancelCharge(reference).catch((e: unknown) => Promise.reject(asFeathersError(e))),
  refund: (input) => gateway.refund(input).catch((e: unknown) => Promise.reject(asRefundError(e)))
})

/**
 * A gateway's refusal of a refund, in the refund's words: over what is left or refused (4xx, the caller's),
 * or the gateway failing or unreachable (502/503). Nothing is booked: the refund's transaction rolls back.
 */
const asRefundError = (error: unknown) => {
  if (!(error instanceof ProviderError)) return error
  const refused = error.status < 500
  return new FeathersError(
    refused ? 'The payment gateway refused the refund' : 'The payment gateway could not refund now; try again',
    'GatewayError',
    refused ? 400 : error.status,
    'gateway-error',
    { key: refused ? 'refund.gatewayRefused' : 'refund.gatewayFailed', field: 'amount', reason: error.code }
  )
}

/**
 * The shop's gateway for a method (decision 0199), built from its settings and sealed keys, pointed at
 * the configured base (the local double in tests) or the gateway's sandbox/live address by `staging`.
 */
export const gatewayProviders =
  (context: Pick<ServiceContext, 'config' | 'db'>, shop: string): GatewayFor =>
  async (method, trx) => {
    const id = gatewayOfMethod(method)
    if (!id) return null
    const knex = trx ?? context.db.knex
    const row = (await knex('shops').where({ _id: shop }).first('paymentGateways')) as
      { paymentGateways?: PaymentGateways | null } | undefined
    const settings = row?.paymentGateways?.[id]
    if (!settings || !gatewayEnabled(row?.paymentGateways, id) || !settings.id) return null
    const bases = context.config.gatewayBases ?? {}
    const notifyUrl = notifyUrlOf(context.config.publicUrl, id, shop)
    if (id === 'alipayHk') {
      // One after the other: PGlite has a single connection.
      const privateKey = await readShopSecret(knex, shop, 'alipayHkKey')
      const alipayPublicKey = await readShopSecret(knex, shop, 'alipayHkSign')
      if (!privateKey || !alipayPublicKey) return null
      const credentials = { appId: settings.id, privateKey, alipayPublicKey, staging: settings.staging, domain: settings.domain }
      return guarded(alipayHkProvider(credentials, bases.alipayHk), notifyUrl)
    }
    if (id === 'terminal') {
      const key = await readShopSecret(knex, shop, 'terminalKey')
      return key
        ? guarded(terminalProvider({ mid: settings.id, key, staging: settings.staging }, bases.terminal), notifyUrl)
        : null
    }
    if (id === 'octopus') {
      const key = await readShopSecret(knex, shop, 'octopusKey')
      return key ? guarded(octopusProvider({ mid: settings.id, key, staging: settings.staging }, bases.octopus), notifyUrl) : null
    }
    if (id === 'wechatPayHk') {
      const key = await readShopSecret(knex, shop, 'wechatPayHkKey')
      const sign = await readShopSecret(knex, shop, 'wechatPayHkSign')
      const credentials = key && sign ? wechatPayCredentials(settings.id, key, sign, settings.staging) : null
      return credentials ? guarded(wechatPayHkProvider(credentials, bases.wechatPayHk), notifyUrl) : null
    }
    return null
  }

/** Where a shop's gateway posts its notifications, on the server's public address. */
export const notifyUrlOf = (publicUrl: string, id: PaymentGatewayId, shop: string) =>
  `${publicUrl}${(GATEWAY_WEBHOOK_PATHS[id] ?? '').replace(':shop', encodeURIComponent(shop))}`
