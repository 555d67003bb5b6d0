import { AlipaySdk } from 'alipay-sdk'
import { ProviderError, ProviderSignatureError } from '../provider/provider'
import { centsOf, decimalOf, type ChargeStatus, type GatewayNotificationParser, type GatewayProvider } from './gateway'

/*
 * AlipayHK (the mobile wallet, decision 0199) through Alipay's official SDK (`alipay-sdk`, OpenAPI 2.0,
 * RSA2): a merchant-presented QR code (`alipay.trade.precreate`) the customer scans with the wallet, its
 * state (`alipay.trade.query`), its cancel, and the signed asynchronous notification.
 */

export const ALIPAY_LIVE = 'https://openapi.alipay.com/gateway.do'
export const ALIPAY_SANDBOX = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do'

export interface AlipayHkCredentials {
  appId: string
  /** Our RSA private key (PKCS#1 or PKCS#8, PEM or bare). */
  privateKey: string
  /** Alipay's public key: its answers and notifications are verified with it. */
  alipayPublicKey: string
  staging: boolean
  /** The merchant's gateway address (the `domain` credential); unset = Alipay's usual one. */
  domain?: string
}

/** Where the SDK sends its calls: the configured base (the local double in tests), else sandbox or live. */
export const alipayGateway = (credentials: Pick<AlipayHkCredentials, 'staging' | 'domain'>, base?: string) =>
  base || (credentials.staging ? ALIPAY_SANDBOX : credentials.domain || ALIPAY_LIVE)

const sdkFor = (credentials: AlipayHkCredentials, base?: string) =>
  new AlipaySdk({
    appId: credentials.appId,
    privateKey: credentials.privateKey,
    alipayPublicKey: credentials.alipayPublicKey,
    keyType: credentials.privateKey.includes('RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    gateway: alipayGateway(credentials, base),
    timeout: 15_000
  })

const STATUS: Record<string, ChargeStatus> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'succeeded',
  TRADE_FINISHED: 'succeeded',
  TRADE_CLOSED: 'canceled'
}

/** Alipay's answers to a refund over what is left of the trade. */
const REFUND_TOO_LARGE = new Set(['ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'ACQ.REFUND_FEE_ERROR', 'ACQ.REFUND_AMOUNT_LIMIT_EXCEEDED'])

type Answer = Record<string, unknown> & { code?: string; subMsg?: string; subCode?: string }

const run = async (work: () => Promise<Answer>): Promise<Answer> => {
  let answer: Answer
  try {
    answer = await work()
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (/sign/i.test(message)) throw new ProviderError('provider', 'The wallet gateway answered with a bad signature')
    throw new ProviderError('connection', 'The wallet gateway could not be reached')
  }
  if (answer.code === '10000') return answer
  if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') throw new ProviderError('not_found', 'No such wallet payment')
  if (answer.code === '40004')
    throw new ProviderError('invalid_request', 'The wallet gateway refused the payment', { providerCode: answer.subCode })
  if (answer.code === '20001') throw new ProviderError('authentication', "The shop's wallet keys were refused")
  throw new ProviderError('provider', 'The wallet gateway failed')
}

export const alipayHkProvider = (credentials: AlipayHkCredentials, base?: string): GatewayProvider => {
  const sdk = sdkFor(credentials, base)
  const exec = (method: string, params: Record<string, unknown>) =>
    run(() => sdk.exec(method, params, { validateSign: true }) as Promise<Answer>)
  return {
    id: 'alipayHk',
    createCharge: async (input) => {
      const answer = await exec('alipay.trade.precreate', {
        notifyUrl: input.notifyUrl,
        bizContent: { outTradeNo: input.reference, totalAmount: decimalOf(input.amount), subject: input.description }
      })
      return {
        reference: input.reference,
        status: 'pending',
        amount: input.amount,
        currency: input.currency,
        code: typeof answer.qrCode === 'string' ? answer.qrCode : null
      }
    },
    getCharge: async (reference) => {
      const answer = await exec('alipay.trade.query', { bizContent: { outTradeNo: reference } })
      return {
        reference,
        status: STATUS[String(answer.tradeStatus)] ?? 'pending',
        amount: centsOf(answer.totalAmount),
        currency: 'hkd',
        code: null
      }
    },
    cancelCharge: async (reference) => {
      await exec('alipay.trade.cancel', { bizContent: { outTradeNo: reference } })
    },
    // `alipay.trade.refund`: the same out_request_no twice is one refund (Alipay answers fund_change "N").
    refund: async (input) => {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new ProviderError('invalid_request', 'The amount must be a positive whole number of cents')
      try {
        await exec('alipay.trade.refund', {
          bizContent: {
            outTradeNo: input.reference,
            refundAmount: decimalOf(input.amount),
            outRequestNo: input.refundId,
            ...(input.reason ? { refundReason: input.reason.slice(0, 256) } : {})
          }
        })
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'invalid_request')
          throw new ProviderError(
            REFUND_TOO_LARGE.has(error.providerCode ?? '') ? 'amount_too_large' : 'invalid_request',
            'The wallet gateway refused the refund',
            { providerCode: error.providerCode }
          )
        throw error
      }
      return { id: input.refundId, amount: input.amount }
    }
  }
}

/**
 * An Alipay notification: a form post signed (RSA2) by Alipay over its sorted fields, verified with the
 * shop's Alipay public key by the SDK. Alipay's trade states map to ours; HKD is the only currency here.
 */
export const parseAlipayNotification: GatewayNotificationParser = (raw, _signature, verifyKey) => {
  const fields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')))
  const sdk = new AlipaySdk({ appId: fields.app_id || 'unknown', privateKey: 'unused', alipayPublicKey: verifyKey })
  let verified = false
  try {
    verified = sdk.checkNotifySignV2(fields)
  } catch {
    verified = false
  }
  if (!verified) throw new ProviderSignatureError()
  const status = STATUS[fields.trade_status ?? '']
  return {
    type: status === 'succeeded' ? 'charge.succeeded' : status === 'canceled' ? 'charge.canceled' : 'other',
    id: fields.notify_id ?? '',
    account: fields.app_id ?? '',
    charge: {
      reference: fields.out_trade_no ?? '',
      amount: centsOf(fields.total_amount),
      currency: (fields.trans_currency || 'HKD').toLowerCase()
    }
  }
}
