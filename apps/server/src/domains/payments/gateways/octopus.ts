import { createHmac } from 'node:crypto'
import { ProviderError, ProviderSignatureError } from '../provider/provider'
import type { ChargeStatus, GatewayNotificationParser, GatewayProvider } from './gateway'
import { signedJsonCall } from './signed-json'
import { verifyTerminalSignature } from './terminal'

/*
 * Octopus (the transit card, decision 0199, amended): its merchant API is given to acquirers under
 * agreement, so this is our documented-style shape of it, "MID and key". A payment is a merchant-presented
 * QR code the customer pays with the Octopus app (or taps at the shop's reader, which reads the same
 * payment): `POST /v1/payments` `{ mid, reference, amount, currency, description, notifyUrl }` answers
 * `{ reference, status, amount, currency, qrCode }`; `GET /v1/payments/:reference`;
 * `POST /v1/payments/:reference/cancel`; `POST /v1/payments/:reference/refunds` `{ refundId, amount, currency }`
 * (the same refund id twice is one refund; 422 when more than is left). Requests and notifications carry
 * `Octopus-Signature: t=<unix s>,v1=<hex HMAC-SHA256(key, "t.body")>`; a notification older than five
 * minutes is refused (a replay). Statuses: pending, paid, failed, cancelled.
 */

export const OCTOPUS_LIVE = 'https://api.octopus-merchant.invalid'
export const OCTOPUS_SANDBOX = 'https://sandbox.octopus-merchant.invalid'
export const OCTOPUS_SIGNATURE_HEADER = 'octopus-signature'

export interface OctopusCredentials {
  mid: string
  key: string
  staging: boolean
}

export const octopusSignature = (key: string, body: string, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`

const STATUS: Record<string, ChargeStatus> = {
  pending: 'pending',
  paid: 'succeeded',
  failed: 'canceled',
  cancelled: 'canceled'
}

interface OctopusPayment {
  reference: string
  status: string
  amount: number
  currency: string
  qrCode?: string
}

export const octopusProvider = (credentials: OctopusCredentials, base?: string): GatewayProvider => {
  const root = (base || (credentials.staging ? OCTOPUS_SANDBOX : OCTOPUS_LIVE)).replace(/\/$/, '')
  const send = signedJsonCall({
    root,
    mid: credentials.mid,
    midHeader: 'octopus-mid',
    signatureHeader: OCTOPUS_SIGNATURE_HEADER,
    sign: (text) => octopusSignature(credentials.key, text),
    texts: {
      unreachable: 'Octopus could not be reached',
      authentication: "The shop's Octopus key was refused",
      notFound: 'No such Octopus payment',
      conflict: 'The Octopus payment is not in that state',
      tooMuch: 'Octopus refused: more than is left of the payment',
      invalid: 'Octopus refused the request',
      failed: 'Octopus failed'
    }
  })
  const call = <T = OctopusPayment>(method: 'GET' | 'POST', path: string, body?: object) => send<T>(method, path, body)
  const charge = (payment: OctopusPayment) => ({
    reference: payment.reference,
    status: STATUS[payment.status] ?? 'pending',
    amount: payment.amount,
    currency: String(payment.currency).toLowerCase(),
    code: payment.qrCode ?? null
  })
  const path = (reference: string) => `/v1/payments/${encodeURIComponent(reference)}`
  return {
    id: 'octopus',
    createCharge: async (input) =>
      charge(
        await call('POST', '/v1/payments', {
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          notifyUrl: input.notifyUrl
        })
      ),
    getCharge: async (reference) => ({ ...charge(await call('GET', path(reference))), code: null }),
    cancelCharge: async (reference) => {
      await call('POST', `${path(reference)}/cancel`, {})
    },
    refund: async (input) => {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new ProviderError('invalid_request', 'The amount must be a positive whole number of cents')
      const refund = await call<{ id: string; amount: number }>('POST', `${path(input.reference)}/refunds`, {
        refundId: input.refundId,
        amount: input.amount,
        currency: input.currency
      })
      if (refund.id !== input.refundId || refund.amount !== input.amount)
        throw new ProviderError('idempotency', 'Octopus answered another refund')
      return { id: refund.id, amount: refund.amount }
    }
  }
}

/** `{ id, mid, payment: { reference, status, amount, currency } }`, signed as the requests are (same scheme as the terminal's). */
export const parseOctopusNotification: GatewayNotificationParser = (raw, signature, key) => {
  verifyTerminalSignature(raw, signature, key)
  let body: { id?: string; mid?: string; payment?: OctopusPayment }
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body
  } catch {
    throw new ProviderSignatureError()
  }
  const status = STATUS[body.payment?.status ?? '']
  return {
    type: status === 'succeeded' ? 'charge.succeeded' : status === 'canceled' ? 'charge.canceled' : 'other',
    id: String(body.id ?? ''),
    account: String(body.mid ?? ''),
    charge: {
      reference: String(body.payment?.reference ?? ''),
      amount: Number(body.payment?.amount),
      currency: String(body.payment?.currency ?? '').toLowerCase()
    }
  }
}
