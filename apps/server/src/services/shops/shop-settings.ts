import { BadRequest } from '@feathersjs/errors'
import {
  cardPaymentSchema,
  checkoutSettingNames,
  checkoutSettingsMessages,
  checkoutSettingsProblem,
  previewOrderId,
  roundingMessages,
  shopTimeZone,
  type CheckoutSettings,
  type OrderIdList
} from '@emporia/shared'
import type { Knex } from 'knex'
import {
  removeShopSecrets,
  shopSecretsSet,
  writeShopSecrets,
  type ShopSecretChanges,
  type ShopSecretName
} from '../../platform/secrets/shop-secrets'
import {
  GATEWAY_SECRET_NAMES,
  flagGatewaySecrets,
  newGatewayFlags,
  serverOwnedGatewayPath,
  stripGatewaySecrets,
  takeGatewaySecrets
} from './gateway-settings'

type Row = Record<string, unknown>

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The card settings' write-only fields and where each is kept (decision 0079). */
const CARD_SECRETS = { secretKey: 'stripeSecretKey', webhookSecret: 'stripeWebhookSecret' } as const satisfies Record<
  string,
  ShopSecretName
>
const CARD_SECRET_NAMES = Object.values(CARD_SECRETS)
/** Nested values only the server writes; a client's are dropped, and it may not `$unset` them. */
const SERVER_OWNED: Record<string, string[]> = {
  cardPayment: ['hasSecretKey', 'hasWebhookSecret', ...Object.keys(CARD_SECRETS)],
  orderIdList: ['current', 'preview']
}

// The schema's own rule for the secret (a union of the text's form and null): TypeBox types it as the union.
const secretRule = (field: keyof typeof CARD_SECRETS) =>
  (cardPaymentSchema.properties[field] as unknown as { anyOf: { pattern: string; maxLength: number }[] }).anyOf[0]

/** A secret is a text of its form, or null (remove it): the same check the schema gives, made before it leaves the data. */
const checkSecret = (field: keyof typeof CARD_SECRETS, value: unknown) => {
  if (value === null) return
  const rule = secretRule(field)
  const fits = typeof value === 'string' && value.length <= rule.maxLength && new RegExp(rule.pattern, 'u').test(value)
  if (fits) return
  const path = `cardPayment.${field}`
  const key = typeof value === 'string' ? 'format.invalid' : 'format.text'
  const message = `"${path}": ${typeof value === 'string' ? 'Invalid value' : 'Must be text'}`
  throw new BadRequest(`Invalid data: ${message}`, { errors: [{ field: path, key, message }] })
}

/** What a shop write does to the checkout settings beyond storing fields. */
export interface SettingsWrite {
  /** The data to store: secrets taken out, server-owned nested values dropped. */
  data: Row
  secrets: ShopSecretChanges
  /** `cardPayment` is written (plainly or with `$set`): its flags are set from the secrets. */
  cardWritten: boolean
  /** `$unset: {cardPayment}`: its secrets go with it. */
  cardRemoved: boolean
  /** `paymentGateways` is written: its flags are set from the secrets (decision 0199). */
  gatewaysWritten: boolean
  /** `$unset: {paymentGateways}`: every gateway secret goes with it. */
  gatewaysRemoved: boolean
  /** `orderIdList` is written by a client: the stored `current` stays. */
  orderIdWritten: boolean
  /** The write names a checkout setting, so their rules are checked on the shop as written. */
  touchesSettings: boolean
}

/**
 * Takes a create or patch apart (decision 0079): the card secrets leave the data for `shopSecrets`,
 * nested values the server owns are dropped, and `$unset` may not reach them.
 */
export const prepareSettingsWrite = (input: Row, external: boolean): SettingsWrite => {
  const data: Row = { ...input }
  if (isObject(data.$set)) data.$set = { ...data.$set }
  const holders = [data, data.$set].filter(isObject)
  const result: SettingsWrite = {
    data,
    secrets: {},
    cardWritten: false,
    cardRemoved: false,
    gatewaysWritten: false,
    gatewaysRemoved: false,
    orderIdWritten: false,
    touchesSettings: false
  }
  for (const holder of holders) {
    if (checkoutSettingNames.some((name) => name in holder)) result.touchesSettings = true
    if (isObject(holder.cardPayment)) {
      const card = (holder.cardPayment = { ...holder.cardPayment })
      for (const [field, name] of Object.entries(CARD_SECRETS) as [keyof typeof CARD_SECRETS, ShopSecretName][]) {
        if (!(field in card)) continue
        checkSecret(field, card[field])
        result.secrets[name] = card[field] as string | null
        delete card[field]
      }
      delete card.hasSecretKey
      delete card.hasWebhookSecret
      result.cardWritten = true
    }
    if (isObject(holder.paymentGateways)) {
      holder.paymentGateways = takeGatewaySecrets(holder.paymentGateways, result.secrets)
      result.gatewaysWritten = true
    }
    if (isObject(holder.orderIdList)) {
      const list = (holder.orderIdList = { ...holder.orderIdList })
      delete list.preview
      if (external) {
        delete list.current
        result.orderIdWritten = true
      }
    }
  }
  for (const operator of ['$unset', '$push', '$pull'])
    if (isObject(data[operator])) {
      for (const path of Object.keys(data[operator] as Row)) {
        const [head, sub] = path.split('.')
        if (checkoutSettingNames.includes(head as never)) result.touchesSettings = true
        if (operator === '$unset' && head === 'cardPayment' && !sub) result.cardRemoved = true
        if (operator === '$unset' && head === 'paymentGateways' && !sub) result.gatewaysRemoved = true
        if (serverOwnedGatewayPath(path)) throw new BadRequest(`"${path}" cannot be changed`, { field: path })
        if (sub && SERVER_OWNED[head]?.includes(sub)) throw new BadRequest(`"${path}" cannot be changed`, { field: path })
      }
    }
  return result
}

/** Carries out the secrets part of a write for one shop, and sets the card flags in the data from what is now stored. */
export const applySettingsWrite = async (trx: Knex.Transaction, shop: string, write: SettingsWrite) => {
  if (write.cardRemoved) await removeShopSecrets(trx, shop, CARD_SECRET_NAMES)
  if (write.gatewaysRemoved) await removeShopSecrets(trx, shop, GATEWAY_SECRET_NAMES)
  await writeShopSecrets(trx, shop, write.secrets)
  if (write.gatewaysWritten)
    for (const holder of [write.data, write.data.$set].filter(isObject))
      if (isObject(holder.paymentGateways)) await flagGatewaySecrets(trx, shop, holder.paymentGateways)
  if (write.cardWritten) {
    const set = await shopSecretsSet(trx, shop)
    for (const holder of [write.data, write.data.$set].filter(isObject))
      if (isObject(holder.cardPayment))
        Object.assign(holder.cardPayment, {
          hasSecretKey: set.has(CARD_SECRETS.secretKey),
          hasWebhookSecret: set.has(CARD_SECRETS.webhookSecret)
        })
  }
  if (write.orderIdWritten) {
    // Locked: a counter moved by an order meanwhile is not written back over.
    const stored = (await trx('shops').select('orderIdList').where({ _id: shop }).forUpdate().first()) as {
      orderIdList?: OrderIdList
    }
    const current = stored?.orderIdList?.current
    if (current !== undefined)
      for (const holder of [write.data, write.data.$set].filter(isObject))
        if (isObject(holder.orderIdList)) holder.orderIdList.current = current
  }
}

/** The card flags of a new shop, from the secrets its create carries. */
export const newShopCardFlags = (write: SettingsWrite) => {
  if (isObject(write.data.paymentGateways)) newGatewayFlags(write.data.paymentGateways, write.secrets)
  if (!isObject(write.data.cardPayment)) return
  Object.assign(write.data.cardPayment, {
    hasSecretKey: typeof write.secrets.stripeSecretKey === 'string',
    hasWebhookSecret: typeof write.secrets.stripeWebhookSecret === 'string'
  })
}

const messages: Record<string, string> = { ...roundingMessages, ...checkoutSettingsMessages }

/** The checkout settings' rules on the shop as stored: a 400 naming the field, which rolls the write back. */
export const checkSettings = (shop: Row) => {
  const problem = checkoutSettingsProblem(shop as CheckoutSettings)
  if (problem) throw new BadRequest(messages[problem.key] ?? problem.key, problem)
}

/**
 * A shop as it leaves the service: card secrets never (they are not stored in the row; this is the
 * second guard), and the next order id worked out now in the shop's time zone. A `$select` without
 * `timeZone` gets no preview rather than one in the wrong zone.
 */
export const presentShop = (record: Row, select: unknown): Row => {
  stripGatewaySecrets(record)
  if (isObject(record.cardPayment) && Object.keys(CARD_SECRETS).some((field) => field in (record.cardPayment as Row))) {
    const card = { ...record.cardPayment }
    for (const field of Object.keys(CARD_SECRETS)) delete card[field]
    record.cardPayment = card
  }
  const list = typeof select === 'string' ? select.split(',') : select
  const selected = list === undefined || (Array.isArray(list) && list.includes('timeZone'))
  if (isObject(record.orderIdList) && selected) {
    const settings = record.orderIdList as OrderIdList
    try {
      record.orderIdList = { ...settings, preview: previewOrderId(settings, new Date(), shopTimeZone(record)) }
    } catch {
      // A zone this runtime does not know, or an id too long: no preview rather than no shop.
    }
  }
  return record
}
