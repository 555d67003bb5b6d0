import { createHmac, timingSafeEqual } from 'node:crypto'
import { ProviderError, ProviderSignatureError } from '../provider/provider'
import type { ChargeStatus, GatewayNotificationParser, GatewayProvider } from './gateway'
import { signedJsonCall } from './signed-json'

/*
 * The card terminal (decision 0199): a cloud terminal API, MID and key. The till's server sends a sale
 * (amount, our reference) to the shop's terminal; the terminal takes the card and the provider posts a
 * signed notification when the sale is approved or declined. Every request and notification carries
 * `Terminal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the key>`; a notification
 * older than five minutes is refused (a replay), and one seen twice changes nothing (the payment is closed).
 * A refund (`POST /v1/sales/:reference/refunds`, `{ refundId, amount, currency }`) answers
 * `{ id, reference, amount, currency }`: the same refund id twice is one refund; 422 when more than is left.
 */

export const TERMINAL_LIVE = 'https://api.terminal.invalid'
export const TERMINAL_SANDBOX = 'https://sandbox.terminal.invalid'
export const TERMINAL_SIGNATURE_HEADER = 'terminal-signature'
const TOLERANCE_S = 300

export interface TerminalCredentials {
  mid: string
  key: string
  staging: boolean
}

export const terminalSignature = (key: string, body: string, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`

const STATUS: Record<string, ChargeStatus> = {
  pending: 'pending',
  approved: 'succeeded',
  declined: 'canceled',
  canceled: 'canceled'
}

interface Sale {
  reference: string
  status: string
  amount: number
  currency: string
}

export const terminalProvider = (credentials: TerminalCredentials, base?: string): GatewayProvider => {
  const root = (base || (credentials.staging ? TERMINAL_SANDBOX : TERMINAL_LIVE)).replace(/\/$/, '')
  const send = signedJsonCall({
    root,
    mid: credentials.mid,
    midHeader: 'terminal-mid',
    signatureHeader: TERMINAL_SIGNATURE_HEADER,
    sign: (text) => terminalSignature(credentials.key, text),
    texts: {
      unreachable: 'The card terminal could not be reached',
      authentication: "The shop's terminal key was refused",
      notFound: 'No such terminal sale',
      conflict: 'The terminal is busy with another sale',
      tooMuch: 'The terminal refused: more than is left of the sale',
      invalid: 'The card terminal refused the request',
      failed: 'The card terminal failed'
    }
  })
  const call = <T = Sale>(method: 'GET' | 'POST', path: string, body?: object) => send<T>(method, path, body)
  const charge = (sale: Sale) => ({
    reference: sale.reference,
    status: STATUS[sale.status] ?? 'pending',
    amount: sale.amount,
    currency: String(sale.currency).toLowerCase(),
    code: null
  })
  return {
    id: 'terminal',
    createCharge: async (input) =>
      charge(
        await call('POST', '/v1/sales', {
          reference: input.reference,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          notifyUrl: input.notifyUrl
        })
      ),
    getCharge: async (reference) => charge(await call('GET', `/v1/sales/${encodeURIComponent(reference)}`)),
    cancelCharge: async (reference) => {
      await call('POST', `/v1/sales/${encodeURIComponent(reference)}/cancel`, {})
    },
    // `POST /v1/sales/:reference/refunds`: the same refund id twice answers the first refund, refunding once.
    refund: async (input) => {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new ProviderError('invalid_request', 'The amount must be a positive whole number of cents')
      const refund = await call<{ id: string; amount: number }>(
        'POST',
        `/v1/sales/${encodeURIComponent(input.reference)}/refunds`,
        { refundId: input.refundId, amount: input.amount, currency: input.currency, reason: input.reason ?? null }
      )
      if (refund.id !== input.refundId || refund.amount !== input.amount)
        throw new ProviderError('idempotency', 'The terminal answered another refund')
      return { id: refund.id, amount: refund.amount }
    }
  }
}

/** Checks `t=…,v1=…` over the exact bytes; throws ProviderSignatureError when wrong or too old. */
export const verifyTerminalSignature = (raw: Buffer, header: string | undefined, key: string, now = Date.now()) => {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]))
  const at = Number(parts.t)
  if (!Number.isInteger(at) || Math.abs(now / 1000 - at) > TOLERANCE_S || !/^[0-9a-f]{64}$/.test(parts.v1 ?? ''))
    throw new ProviderSignatureError()
  const expected = createHmac('sha256', key).update(`${at}.`).update(raw).digest()
  if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw new ProviderSignatureError()
}

export const parseTerminalNotification: GatewayNotificationParser = (raw, signature, key) => {
  verifyTerminalSignature(raw, signature, key)
  let body: { id?: string; mid?: string; sale?: Sale }
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body
  } catch {
    throw new ProviderSignatureError()
  }
  const status = STATUS[body.sale?.status ?? '']
  return {
    type: status === 'succeeded' ? 'charge.succeeded' : status === 'canceled' ? 'charge.canceled' : 'other',
    id: String(body.id ?? ''),
    account: String(body.mid ?? ''),
    charge: {
      reference: String(body.sale?.reference ?? ''),
      amount: Number(body.sale?.amount),
      currency: String(body.sale?.currency ?? '').toLowerCase()
    }
  }
}
