import {
  checkRules,
  checkoutSettingsProblem,
  formRules,
  shopSchema,
  DEFAULT_TIME_ZONE,
  invoiceTypes,
  isTimeZone,
  onlineOrderLimitDefaults,
  onlineOrderLimitsOf,
  orderIdDateFormats,
  orderIdTypes,
  previewOrderId,
  roundingModes,
  type CheckoutSettingsProblem,
  type OnlineOrderLimits,
  type OrderIdList,
  type Shop,
  type ShopPatch
} from '@emporia/shared'
import type { ComponentType } from 'react'
import type { FieldDef, FieldProps } from '../../components/fields/field-types'
import { normalizeValues, type Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { gatewayPatch, gatewaysForRule, gatewayValuesOf } from './settings-payment-gateways'

/*
 * settings/payment (spec §3.1, §5.4; decision 0079): the shop's checkout settings as one flat form.
 * Nested settings are fields named by their path (`orderIdList.prefix`), so the shared schema's rules
 * and the server's refusals land on them by that path.
 */

/** A choice per value, each labelled `prefix.value` (the empty one `prefix.none`). */
const labels = (values: readonly string[], prefix: string) =>
  Object.fromEntries(values.map((value) => [value, `${prefix}.${value || 'none'}` as AnyMessageKey]))

const modes = { enumList: labels(roundingModes, 'paySettings.mode') }

/** Subtotal, then total (spec §5.4): factors are money (0.10 on screen, 10 cents stored), modes a choice. */
export const roundingFields: FieldDef[] = [
  { name: 'subtotalRoundingFactor', label: 'paySettings.subtotalRoundingFactor', type: 'money' },
  { name: 'subtotalRoundingMode', label: 'paySettings.subtotalRoundingMode', type: 'select', source: modes },
  { name: 'roundingFactor', label: 'paySettings.roundingFactor', type: 'money' },
  { name: 'roundingMode', label: 'paySettings.roundingMode', type: 'select', source: modes }
]

export const orderIdFields: FieldDef[] = [
  { name: 'orderIdList.prefix', label: 'paySettings.prefix', type: 'text' },
  { name: 'orderIdList.startNum', label: 'paySettings.startNum', type: 'number', integer: true },
  { name: 'orderIdList.padding', label: 'paySettings.padding', type: 'number', integer: true },
  {
    name: 'orderIdList.type',
    label: 'paySettings.idType',
    type: 'select',
    source: { enumList: labels(orderIdTypes, 'paySettings.idType') }
  },
  {
    name: 'orderIdList.dateFormat',
    label: 'paySettings.dateFormat',
    type: 'select',
    source: { enumList: labels(orderIdDateFormats, 'paySettings.dateFormat') }
  }
]

export const methodFields: FieldDef[] = [
  { name: 'bankTransfer.enabled', label: 'paySettings.bankTransfer', type: 'boolean', wide: true },
  {
    name: 'bankTransfer.accounts',
    label: 'paySettings.bankAccounts',
    type: 'list',
    noItemId: true,
    // A new account is shown to customers (the schema wants the switch set; it is saved as shown).
    newItem: () => ({ enabled: true }),
    wide: true,
    fields: [
      { name: 'bankName', label: 'paySettings.bankName', type: 'text', required: true },
      { name: 'name', label: 'paySettings.accountName', type: 'text', required: true },
      { name: 'no', label: 'paySettings.accountNo', type: 'text', required: true },
      { name: 'enabled', label: 'paySettings.accountEnabled', type: 'boolean' }
    ]
  },
  // Cash on pick-up in the online shop (decision 0109): how long such an order holds stock is below.
  { name: 'pickUp.enabled', label: 'paySettings.pickUp', help: 'paySettings.pickUpHelp', type: 'boolean', wide: true },
  { name: 'pickUp.address', label: 'paySettings.pickUpAddress', type: 'text', wide: true },
  {
    name: 'posExtraPaymentMethods',
    label: 'paySettings.posMethods',
    type: 'list',
    noItemId: true,
    wide: true,
    fields: [{ name: 'name', label: 'paySettings.posMethodName', type: 'text', required: true }]
  }
]

/** A typed secret held to the schema's form (`sk_…`, `whsec_…`); untouched or removed needs no check. */
const secretCheck = (name: string) => (value: unknown) =>
  typeof value === 'string' && value.trim()
    ? (checkRules(formRules(shopSchema, name), value.trim())?.key as AnyMessageKey | undefined)
    : undefined

/** The card settings; the secrets' input is the page's own (shows "set" / "not set", sends only what is typed). */
export const cardFields = (secretInput: ComponentType<FieldProps>): FieldDef[] => [
  { name: 'cardPayment.enabled', label: 'paySettings.cardEnabled', type: 'boolean', wide: true },
  { name: 'cardPayment.publicKey', label: 'paySettings.publicKey', type: 'text' },
  { name: 'cardPayment.statementDescriptor', label: 'paySettings.statementDescriptor', type: 'text' },
  ...(['cardPayment.secretKey', 'cardPayment.webhookSecret'] as const).map((name): FieldDef => ({
    name,
    label: name === 'cardPayment.secretKey' ? 'paySettings.secretKey' : 'paySettings.webhookSecret',
    type: 'custom',
    component: secretInput,
    validate: secretCheck(name)
  }))
]

/** The limits' names, in the order the screen shows them. */
const limitNames = Object.keys(onlineOrderLimitDefaults) as (keyof OnlineOrderLimits)[]

/**
 * What one storefront shopper may hold of the shop's stock (decision 0120), in the shared schema's
 * whole numbers and ranges: a half or an out-of-range value is refused on the field, never rounded.
 */
export const onlineOrderFields: FieldDef[] = limitNames.map((name) => ({
  name: `onlineOrderLimits.${name}`,
  label: `paySettings.limits.${name}` as AnyMessageKey,
  help: `paySettings.limits.${name}Help` as AnyMessageKey,
  type: 'number',
  integer: true
}))

export const receiptFields = (timeZoneInput: ComponentType<FieldProps>): FieldDef[] => [
  {
    name: 'invoiceType',
    label: 'paySettings.invoiceType',
    type: 'select',
    source: { enumList: labels(invoiceTypes, 'paySettings.invoiceType') }
  },
  { name: 'timeZone', label: 'paySettings.timeZone', type: 'custom', component: timeZoneInput }
]

/** Zones offered in the time zone field; any other IANA name may be typed. */
export const commonTimeZones = [
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Taipei',
  'Asia/Shanghai',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Bangkok',
  'Asia/Manila',
  'Asia/Jakarta',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Vancouver',
  'America/Toronto',
  'UTC'
]

/** A secret's form value: '' untouched, text to replace it, null to remove it. */
export type SecretValue = string | null

/** The form's values for a shop; secrets start untouched, the record only says whether each is set. */
export const paymentSettingsOf = (shop: Shop | undefined): Values => {
  const list = shop?.orderIdList ?? {}
  const card = shop?.cardPayment
  // The limits in force: the shop's own, else the defaults the server applies.
  const limits = onlineOrderLimitsOf(shop?.onlineOrderLimits)
  return {
    subtotalRoundingFactor: shop?.subtotalRoundingFactor ?? null,
    subtotalRoundingMode: shop?.subtotalRoundingMode ?? 'roundOff',
    roundingFactor: shop?.roundingFactor ?? null,
    roundingMode: shop?.roundingMode ?? 'roundOff',
    'orderIdList.prefix': list.prefix ?? '',
    'orderIdList.startNum': list.startNum ?? 1,
    'orderIdList.padding': list.padding ?? 6,
    'orderIdList.type': list.type ?? 'sequence',
    'orderIdList.dateFormat': list.dateFormat ?? '',
    'orderIdList.current': list.current,
    'bankTransfer.enabled': shop?.bankTransfer?.enabled ?? false,
    'bankTransfer.accounts': shop?.bankTransfer?.accounts ?? [],
    'pickUp.enabled': shop?.pickUp?.enabled ?? false,
    'pickUp.address': shop?.pickUp?.address ?? '',
    ...Object.fromEntries(limitNames.map((name) => [`onlineOrderLimits.${name}`, limits[name]])),
    posExtraPaymentMethods: shop?.posExtraPaymentMethods ?? [],
    'cardPayment.enabled': card?.enabled ?? false,
    'cardPayment.publicKey': card?.publicKey ?? '',
    'cardPayment.statementDescriptor': card?.statementDescriptor ?? '',
    'cardPayment.secretKey': '',
    'cardPayment.webhookSecret': '',
    'cardPayment.hasSecretKey': card?.hasSecretKey ?? false,
    'cardPayment.hasWebhookSecret': card?.hasWebhookSecret ?? false,
    ...gatewayValuesOf(shop),
    invoiceType: shop?.invoiceType ?? 'normal',
    timeZone: shop?.timeZone ?? DEFAULT_TIME_ZONE
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const whole = (value: unknown) => (typeof value === 'number' ? value : undefined)
/** A typed secret replaces, null removes, '' leaves the stored one alone (not sent). */
const secret = (value: unknown): SecretValue | undefined => (value === null ? null : text(value) || undefined)
const defined = (record: Values) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))

/**
 * The shop patch of the form's values (after normalizeValues: money in cents, numbers evaluated).
 * Every setting is sent whole; a secret only when typed or removed.
 */
export const paymentSettingsPatch = (values: Values): ShopPatch => {
  const items = (name: string) => (Array.isArray(values[name]) ? (values[name] as Values[]) : [])
  return {
    subtotalRoundingFactor: whole(values.subtotalRoundingFactor) ?? null,
    subtotalRoundingMode: (values.subtotalRoundingMode as ShopPatch['roundingMode']) ?? 'roundOff',
    roundingFactor: whole(values.roundingFactor) ?? null,
    roundingMode: (values.roundingMode as ShopPatch['roundingMode']) ?? 'roundOff',
    orderIdList: defined({
      prefix: text(values['orderIdList.prefix']),
      startNum: whole(values['orderIdList.startNum']),
      padding: whole(values['orderIdList.padding']),
      type: values['orderIdList.type'] ?? 'sequence',
      dateFormat: values['orderIdList.dateFormat'] ?? ''
    }) as OrderIdList,
    bankTransfer: {
      enabled: Boolean(values['bankTransfer.enabled']),
      accounts: items('bankTransfer.accounts').map((account) => ({
        bankName: text(account.bankName),
        name: text(account.name),
        no: text(account.no),
        enabled: account.enabled !== false
      }))
    },
    pickUp: defined({
      enabled: Boolean(values['pickUp.enabled']),
      address: text(values['pickUp.address']) || undefined
    }) as ShopPatch['pickUp'],
    // Only a limit other than its default is stored, so an untouched shop follows the defaults.
    onlineOrderLimits: Object.fromEntries(
      limitNames
        .map((name) => [name, whole(values[`onlineOrderLimits.${name}`])] as const)
        .filter(([name, value]) => value !== undefined && value !== onlineOrderLimitDefaults[name])
    ),
    posExtraPaymentMethods: items('posExtraPaymentMethods').map((method) => ({ name: text(method.name) })),
    cardPayment: defined({
      provider: 'stripe',
      enabled: Boolean(values['cardPayment.enabled']),
      publicKey: text(values['cardPayment.publicKey']) || undefined,
      statementDescriptor: text(values['cardPayment.statementDescriptor']) || undefined,
      secretKey: secret(values['cardPayment.secretKey']),
      webhookSecret: secret(values['cardPayment.webhookSecret'])
    }) as ShopPatch['cardPayment'],
    paymentGateways: gatewayPatch(values),
    invoiceType: (values.invoiceType as ShopPatch['invoiceType']) ?? 'normal',
    timeZone: text(values.timeZone) || DEFAULT_TIME_ZONE
  }
}

/** What the form would store: its fields' typed text made values (money in cents), the rest as it is. */
export const storedValues = (fields: readonly FieldDef[], values: Values): Values => ({
  ...values,
  ...normalizeValues(fields, values)
})

/**
 * The first shared rule the form's settings break (decision 0079), as the server would answer it:
 * a secret counts as set when stored and not being removed, or typed. Amounts still being typed
 * (not yet a number) are left to the field's own check.
 */
export const paymentSettingsProblem = (stored: Values): CheckoutSettingsProblem | null => {
  const patch = paymentSettingsPatch(stored)
  const typed = stored['cardPayment.secretKey']
  const hasSecretKey = typed === null ? false : Boolean(stored['cardPayment.hasSecretKey']) || Boolean(text(typed))
  return checkoutSettingsProblem({
    ...patch,
    cardPayment: { ...patch.cardPayment, hasSecretKey },
    paymentGateways: gatewaysForRule(stored)
  })
}

/** The next order number as the settings stand, in the zone typed (or Hong Kong's while it is not one). */
export const orderIdPreview = (stored: Values, at = new Date()): string => {
  const list: OrderIdList = { ...paymentSettingsPatch(stored).orderIdList, current: whole(stored['orderIdList.current']) }
  const zone = text(stored.timeZone)
  try {
    return previewOrderId(list, at, isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE)
  } catch {
    return ''
  }
}
