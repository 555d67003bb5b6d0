import { createHash } from 'node:crypto'
import type { PaymentGatewayId } from '@emporia/shared'

/*
 * Our contract with the wallets', transit card's and card terminal's gateways (decision 0199), beside the
 * card provider's (decision 0080). A charge is named by our own reference (the payment's id), which is
 * also the payment's `tranID`; amounts are integer cents (decision 0003) whatever the gateway counts in.
 */

export type ChargeStatus = 'pending' | 'succeeded' | 'canceled'

export interface GatewayCharge {
  /** Ours: the payment's id, sent as the gateway's merchant order number. */
  reference: string
  status: ChargeStatus
  /** Cents. */
  amount: number
  /** Lower-case ISO 4217. */
  currency: string
  /** What the customer scans or is sent to (a wallet's QR code text); null for the terminal. */
  code: string | null
}

export interface GatewayEvent {
  type: 'charge.succeeded' | 'charge.canceled' | 'other'
  /** The notification's own id, for logs. */
  id: string
  /** The merchant account the notification names (app id, MID): must be the shop's. */
  account: string
  charge: Pick<GatewayCharge, 'reference' | 'amount' | 'currency'>
}

export interface GatewayProvider {
  readonly id: PaymentGatewayId
  /** Opens a charge for `amount` cents; the same reference twice opens it once (the gateway's own rule). */
  createCharge(input: {
    reference: string
    amount: number
    currency: string
    description: string
    notifyUrl: string
  }): Promise<GatewayCharge>
  getCharge(reference: string): Promise<GatewayCharge>
  cancelCharge(reference: string): Promise<void>
  /**
   * Gives `amount` cents of a paid charge back (decision 0199, amended). `refundId` is our refund's own
   * number (the gateway's out_request_no / refund id): the same one twice refunds once, the gateway
   * answering the refund it already made.
   */
  refund(input: {
    reference: string
    refundId: string
    amount: number
    currency: string
    reason?: string
  }): Promise<GatewayRefund>
}

export interface GatewayRefund {
  /** Ours: the refund's number as sent. */
  id: string
  /** Cents given back by this refund. */
  amount: number
}

/** A refund's number at the gateway, derived from the shop and our refund's key or id: 32 hex (Alipay takes 64). */
export const gatewayRefundId = (shop: string, refund: string) =>
  createHash('sha256').update(`${shop}:${refund}:refund`).digest('hex').slice(0, 32)

/**
 * Verifies a notification's signature and maps it; throws ProviderSignatureError when it does not verify
 * (or is too old, where the gateway's scheme carries a time).
 */
export type GatewayNotificationParser = (raw: Buffer, signature: string | undefined, verifyKey: string) => GatewayEvent

/** Cents as the gateways write money: "12.34". */
export const decimalOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/** "12.34" (or "12.3", "12") as cents; NaN for anything else, which never matches a payment. */
export const centsOf = (text: unknown) => {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return Number.NaN
  const [whole, part = ''] = text.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}
