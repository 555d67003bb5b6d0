import {
  gatewayCredentials,
  paymentGatewayIds,
  workingGateways,
  type PaymentGateway,
  type PaymentGatewayId,
  type PaymentGateways,
  type Shop
} from '@emporia/shared'
import type { ComponentType } from 'react'
import type { FieldDef, FieldProps } from '../../components/fields/field-types'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/*
 * The wallets', transit card's and card terminal's gateways on settings/payment (decision 0199): each
 * enabled, in staging or live, its id, and its keys write-only (the page's secret input shows "set").
 */

const path = (id: PaymentGatewayId, field: string) => `paymentGateways.${id}.${field}`

/** The id field's label: an app id, an open id or a MID, as the spec names each gateway's credentials. */
const idLabel: Record<PaymentGatewayId, AnyMessageKey> = {
  alipayHk: 'paySettings.gatewayAppId',
  wechatPayHk: 'paySettings.gatewayOpenId',
  octopus: 'paySettings.gatewayMid',
  terminal: 'paySettings.gatewayMid'
}

/** One gateway's fields; `key` and `sign` through the page's secret input. */
export const gatewayFields = (id: PaymentGatewayId, secretInput: ComponentType<FieldProps>): FieldDef[] => {
  const needs = gatewayCredentials[id]
  return [
    { name: path(id, 'enabled'), label: 'paySettings.gatewayEnabled', type: 'boolean' },
    { name: path(id, 'staging'), label: 'paySettings.gatewayStaging', help: 'paySettings.gatewayStagingHelp', type: 'boolean' },
    {
      name: path(id, 'id'),
      label: idLabel[id],
      type: 'text',
      ...(id === 'wechatPayHk' ? { help: 'paySettings.gatewayWechatIdHelp' as AnyMessageKey } : {})
    },
    ...(needs.includes('domain')
      ? [{ name: path(id, 'domain'), label: 'paySettings.gatewayDomain', type: 'text' } as FieldDef]
      : []),
    {
      name: path(id, 'key'),
      label: 'paySettings.gatewayKey',
      type: 'custom',
      component: secretInput,
      // WeChat Pay's API v3 needs three secrets in its one key (decision 0199, amended).
      ...(id === 'wechatPayHk' ? { help: 'paySettings.gatewayWechatKeyHelp' as AnyMessageKey } : {})
    },
    ...(needs.includes('sign')
      ? [{ name: path(id, 'sign'), label: 'paySettings.gatewaySign', type: 'custom', component: secretInput } as FieldDef]
      : [])
  ]
}

/** The sections of the page: one per gateway, titled by the method it takes. */
export const gatewaySections = (secretInput: ComponentType<FieldProps>) =>
  paymentGatewayIds.map((id) => ({
    key: `gateway-${id}`,
    title: `paySettings.gateway.${id}` as AnyMessageKey,
    fields: gatewayFields(id, secretInput),
    available: workingGateways.includes(id)
  }))

/** The form's values of the shop's gateways: the secrets empty (never sent back), their flags as stored. */
export const gatewayValuesOf = (shop: Shop | undefined): Values => {
  const gateways = (shop as { paymentGateways?: PaymentGateways } | undefined)?.paymentGateways ?? {}
  return Object.fromEntries(
    paymentGatewayIds.flatMap((id) => {
      const gateway: Partial<PaymentGateway> = gateways[id] ?? {}
      return [
        [path(id, 'enabled'), gateway.enabled ?? false],
        [path(id, 'staging'), gateway.staging ?? true],
        [path(id, 'id'), gateway.id ?? ''],
        [path(id, 'domain'), gateway.domain ?? ''],
        [path(id, 'key'), ''],
        [path(id, 'sign'), ''],
        [path(id, 'hasKey'), gateway.hasKey ?? false],
        [path(id, 'hasSign'), gateway.hasSign ?? false]
      ]
    })
  )
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
/** A typed key replaces, null removes, '' leaves the stored one alone (not sent). */
const secret = (value: unknown) => (value === null ? null : text(value) || undefined)

/** The `paymentGateways` of the shop patch: every gateway whole, a key only when typed or removed. */
export const gatewayPatch = (values: Values): PaymentGateways =>
  Object.fromEntries(
    paymentGatewayIds.map((id) => {
      const needs = gatewayCredentials[id]
      const gateway = {
        enabled: Boolean(values[path(id, 'enabled')]),
        staging: Boolean(values[path(id, 'staging')]),
        id: text(values[path(id, 'id')]) || undefined,
        domain: needs.includes('domain') ? text(values[path(id, 'domain')]) || undefined : undefined,
        key: secret(values[path(id, 'key')]),
        sign: needs.includes('sign') ? secret(values[path(id, 'sign')]) : undefined
      }
      return [id, Object.fromEntries(Object.entries(gateway).filter(([, value]) => value !== undefined))]
    })
  ) as PaymentGateways

/** The gateways as the shared rule sees them: a key counts as set when stored and kept, or typed. */
export const gatewaysForRule = (values: Values): PaymentGateways => {
  const patch = gatewayPatch(values)
  for (const id of paymentGatewayIds) {
    const gateway = patch[id]
    if (!gateway) continue
    const set = (field: 'key' | 'sign', flag: 'hasKey' | 'hasSign') =>
      values[path(id, field)] === null ? false : Boolean(values[path(id, flag)]) || Boolean(text(values[path(id, field)]))
    patch[id] = { ...gateway, hasKey: set('key', 'hasKey'), hasSign: set('sign', 'hasSign') }
  }
  return patch
}
