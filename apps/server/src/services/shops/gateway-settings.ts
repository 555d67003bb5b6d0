import { BadRequest } from '@feathersjs/errors'
import { gatewaySecretFields, paymentGatewayIds, type PaymentGatewayId } from '@emporia/shared'
import type { Knex } from 'knex'
import { shopSecretNames, shopSecretsSet, type ShopSecretChanges, type ShopSecretName } from '../../platform/secrets/shop-secrets'

/*
 * The payment gateways' write-only credentials (decision 0199), as the card's (decision 0079): a key or
 * signing key leaves the shop data for `shopSecrets` (sealed), and the record only says `hasKey`/`hasSign`.
 */

type Row = Record<string, unknown>
type SecretField = keyof typeof gatewaySecretFields

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Where a gateway's key or signing key is kept; undefined when that gateway takes none. */
export const gatewaySecretName = (id: PaymentGatewayId, field: SecretField) => {
  const name = `${id}${field === 'key' ? 'Key' : 'Sign'}`
  return (shopSecretNames as readonly string[]).includes(name) ? (name as ShopSecretName) : undefined
}

/** Every secret name of the gateways (removed with `$unset: {paymentGateways}`). */
export const GATEWAY_SECRET_NAMES = paymentGatewayIds.flatMap((id) =>
  (Object.keys(gatewaySecretFields) as SecretField[]).flatMap((field) => gatewaySecretName(id, field) ?? [])
)

const invalid = (path: string, message: string) =>
  new BadRequest(`Invalid data: "${path}": ${message}`, { errors: [{ field: path, key: 'format.invalid', message }] })

/**
 * Takes the secrets out of a written `paymentGateways` (in place on a copy it returns) into `secrets`.
 * A text stores one, null removes it; a gateway that takes no such secret refuses it.
 */
export const takeGatewaySecrets = (value: unknown, secrets: ShopSecretChanges): Row | unknown => {
  if (!isObject(value)) return value
  const gateways: Row = { ...value }
  for (const id of paymentGatewayIds) {
    if (!isObject(gateways[id])) continue
    const gateway = (gateways[id] = { ...gateways[id] })
    for (const field of Object.keys(gatewaySecretFields) as SecretField[]) {
      delete gateway[gatewaySecretFields[field]]
      if (!(field in gateway)) continue
      const path = `paymentGateways.${id}.${field}`
      const text = gateway[field]
      const name = gatewaySecretName(id, field)
      if (!name) throw invalid(path, 'This gateway takes no such key')
      if (text !== null && (typeof text !== 'string' || text.length < 1 || text.length > 4000))
        throw invalid(path, 'Must be a key of at most 4000 characters')
      secrets[name] = text as string | null
      delete gateway[field]
    }
  }
  return gateways
}

/** Sets each written gateway's `hasKey`/`hasSign` from what is now stored. */
export const flagGatewaySecrets = async (trx: Knex.Transaction, shop: string, gateways: Row) => {
  const set = await shopSecretsSet(trx, shop)
  for (const id of paymentGatewayIds) {
    const gateway = gateways[id]
    if (!isObject(gateway)) continue
    for (const field of Object.keys(gatewaySecretFields) as SecretField[]) {
      const name = gatewaySecretName(id, field)
      gateway[gatewaySecretFields[field]] = name ? set.has(name) : false
    }
  }
}

/** A new shop's gateway flags, from the secrets its create carries. */
export const newGatewayFlags = (gateways: Row, secrets: ShopSecretChanges) => {
  for (const id of paymentGatewayIds) {
    const gateway = gateways[id]
    if (!isObject(gateway)) continue
    for (const field of Object.keys(gatewaySecretFields) as SecretField[]) {
      const name = gatewaySecretName(id, field)
      gateway[gatewaySecretFields[field]] = name ? typeof secrets[name] === 'string' : false
    }
  }
}

/** A gateway path a client may not `$unset`, `$push` or `$pull`: the secrets and their flags. */
export const serverOwnedGatewayPath = (path: string) => {
  const [head, , field] = path.split('.')
  return head === 'paymentGateways' && field !== undefined && ['key', 'sign', 'hasKey', 'hasSign'].includes(field)
}

/** The second guard: no gateway key ever leaves in a shop record. */
export const stripGatewaySecrets = (record: Row) => {
  if (!isObject(record.paymentGateways)) return
  const gateways: Row = { ...record.paymentGateways }
  for (const id of paymentGatewayIds)
    if (isObject(gateways[id])) {
      const { key: _key, sign: _sign, ...rest } = gateways[id] as Row
      gateways[id] = rest
    }
  record.paymentGateways = gateways
}
