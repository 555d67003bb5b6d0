import type { Knex } from 'knex'
import {
  shopTimeZone,
  type BarcodeLayout,
  type OnlineOrderLimits,
  type OrderIdList,
  type PaymentGateways,
  type RoundingSettings
} from '@emporia/shared'

/** What an order or a payment needs to know of its shop's settings (spec §3.1). */
export interface CheckoutSettings extends RoundingSettings {
  orderIdList?: OrderIdList | null
  timeZone: string
  eshopWarehouse?: string | null
  posWarehouse?: string | null
  posExtraPaymentMethods?: { name: string }[] | null
  bankTransfer?: { enabled?: boolean; accounts?: { bankName: string; name: string; no: string; enabled: boolean }[] } | null
  /** Cash on pick-up in the online shop (decision 0109). */
  pickUp?: { enabled?: boolean; address?: string } | null
  cardPayment?: { enabled?: boolean; statementDescriptor?: string } | null
  /** The wallets', transit card's and card terminal's gateways (decision 0199). */
  paymentGateways?: PaymentGateways | null
  /** What one storefront shopper may hold, and when unpaid online orders expire (decision 0120). */
  onlineOrderLimits?: Partial<OnlineOrderLimits> | null
  useCashboxLog?: boolean | null
  /** Staff discount limits are enforced on manual discounts (decision 0092). */
  useDiscountLimit?: boolean | null
  /** In-store labels with an embedded price or weight (decision 0040): a till may send only such a price (0096). */
  barcodeLayouts?: BarcodeLayout[] | null
  /** Shop-flow flags (decision 0178): the age gate, and online orders without delivery. */
  ageRestricted?: boolean | null
  skipShipping?: boolean | null
  /** The shop's money symbol (decision 0187), for the amounts the storefront's messages name. */
  currencySymbol?: string | null
}

/** One read of the shop row; every checkout reads it, so it is one statement and no more. */
export const loadCheckoutSettings = async (trx: Knex.Transaction, shop: string): Promise<CheckoutSettings> => {
  const row = (await trx('shops').where({ _id: shop }).first()) as (Record<string, unknown> & CheckoutSettings) | undefined
  return { ...row, timeZone: shopTimeZone(row as { timeZone?: string | null } | undefined) }
}
