import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject
} from 'node:crypto'
import { ProviderError, ProviderSignatureError } from '../provider/provider'
import type { ChargeStatus, GatewayNotificationParser, GatewayProvider } from './gateway'

/*
 * WeChat Pay HK (the messaging wallet, decision 0199, amended) through its documented API v3 over HTTP,
 * no SDK: a Native (QR) order (`POST /v3/global/transactions/native` → `code_url`, shown as a QR code),
 * its state, its close, its refund (`POST /v3/global/refunds`, `out_refund_no` = our refund number).
 * Every request is signed `WECHATPAY2-SHA256-RSA2048` (RSA-SHA256 over "METHOD\nPATH\ntimestamp\nnonce\nbody\n"
 * with the merchant's API key); answers and notifications are verified over "timestamp\nnonce\nbody\n"
 * with WeChat Pay's platform public key, and a notification's resource is AES-256-GCM decrypted with the
 * APIv3 key.
 *
 * Credentials in the shop's one gateway shape: `id` = "<mchid>.<appid>"; `key` (write-only) = the APIv3 key,
 * the merchant API certificate's serial and the merchant's API private key (PEM or bare PKCS#8 base64),
 * separated by white space; `sign` (write-only) = the platform public key (PEM).
 */

export const WECHATPAY_LIVE = 'https://apihk.mch.weixin.qq.com'
export const WECHATPAY_SANDBOX = 'https://apihk.mch.weixin.qq.com/sandboxnew'
export const WECHATPAY_SIGNATURE_HEADERS = [
  'wechatpay-timestamp',
  'wechatpay-nonce',
  'wechatpay-signature',
  'wechatpay-serial'
] as const
const TOLERANCE_S = 300

export interface WechatPayCredentials {
  mchid: string
  appid: string
  apiV3Key: string
  serial: string
  privateKey: KeyObject
  platformKey: KeyObject
  staging: boolean
}

/** A key as PEM, whether pasted as PEM, with its line breaks lost, or bare base64 (PKCS#8 / SPKI). */
const pemOf = (text: string, label: 'PRIVATE KEY' | 'PUBLIC KEY') => {
  if (/^-----BEGIN [A-Z ]+-----\n[\s\S]*\n-----END [A-Z ]+-----\s*$/.test(text.trim())) return text.trim()
  const body = text
    .replace(/-----(BEGIN|END)[A-Z\s]+-----/g, '')
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n')
  return `-----BEGIN ${label}-----\n${body.trim()}\n-----END ${label}-----\n`
}

export const wechatPlatformKey = (sign: string) => createPublicKey(pemOf(sign.trim(), 'PUBLIC KEY'))

/** Reads the shop's settings and secrets; null when they do not have the documented shape. */
export const wechatPayCredentials = (id: string, key: string, sign: string, staging: boolean): WechatPayCredentials | null => {
  const ids = /^([0-9]{1,32})\.([A-Za-z0-9_-]{1,32})$/.exec(id)
  const parts = /^(\S+)\s+(\S+)\s+([\s\S]+)$/.exec(key.trim())
  const [apiV3Key, serial, privateKey] = parts ? parts.slice(1) : []
  if (!ids || apiV3Key?.length !== 32 || !serial || !privateKey) return null
  try {
    return {
      mchid: ids[1],
      appid: ids[2],
      apiV3Key,
      serial,
      privateKey: createPrivateKey(pemOf(privateKey, 'PRIVATE KEY')),
      platformKey: wechatPlatformKey(sign),
      staging
    }
  } catch {
    return null
  }
}

/** The `Authorization` header of a request: RSA-SHA256 over "METHOD\nPATH\ntimestamp\nnonce\nbody\n". */
export const wechatAuthorization = (
  c: Pick<WechatPayCredentials, 'mchid' | 'serial' | 'privateKey'>,
  method: string,
  path: string,
  body: string,
  at = Math.floor(Date.now() / 1000),
  nonce = randomBytes(16).toString('hex')
) => {
  const signature = createSign('RSA-SHA256').update(`${method}\n${path}\n${at}\n${nonce}\n${body}\n`).sign(c.privateKey, 'base64')
  return `WECHATPAY2-SHA256-RSA2048 mchid="${c.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${at}",serial_no="${c.serial}"`
}

/** Checks WeChat Pay's signature over "timestamp\nnonce\nbody\n"; throws ProviderSignatureError when wrong or too old. */
export const verifyWechatSignature = (
  headers: { timestamp?: string; nonce?: string; signature?: string },
  body: Buffer | string,
  platformKey: KeyObject,
  now = Date.now()
) => {
  const at = Number(headers.timestamp)
  if (!Number.isInteger(at) || Math.abs(now / 1000 - at) > TOLERANCE_S || !headers.nonce || !headers.signature)
    throw new ProviderSignatureError()
  const verified = createVerify('RSA-SHA256')
    .update(`${at}\n${headers.nonce}\n`)
    .update(body)
    .update('\n')
    .verify(platformKey, headers.signature, 'base64')
  if (!verified) throw new ProviderSignatureError()
}

/** A notification's resource: AEAD_AES_256_GCM, the tag the ciphertext's last 16 bytes. */
export const decryptWechatResource = (
  resource: { ciphertext?: string; nonce?: string; associated_data?: string },
  apiV3Key: string
): unknown => {
  const data = Buffer.from(resource.ciphertext ?? '', 'base64')
  if (data.length <= 16 || !resource.nonce) throw new ProviderSignatureError()
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'))
    decipher.setAuthTag(data.subarray(data.length - 16))
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
    const clear = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
    return JSON.parse(clear.toString('utf8'))
  } catch {
    throw new ProviderSignatureError()
  }
}

const STATUS: Record<string, ChargeStatus> = {
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  SUCCESS: 'succeeded',
  REFUND: 'succeeded',
  CLOSED: 'canceled',
  REVOKED: 'canceled',
  PAYERROR: 'canceled'
}

interface Transaction {
  out_trade_no?: string
  trade_state?: string
  mchid?: string
  amount?: { total?: number; currency?: string }
}

export const wechatPayHkProvider = (c: WechatPayCredentials, base?: string): GatewayProvider => {
  const root = (base || (c.staging ? WECHATPAY_SANDBOX : WECHATPAY_LIVE)).replace(/\/$/, '')
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const text = body ? JSON.stringify(body) : ''
    const url = new URL(`${root}${path}`)
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: wechatAuthorization(c, method, `${url.pathname}${url.search}`, text)
        },
        ...(body ? { body: text } : {}),
        signal: AbortSignal.timeout(15_000)
      })
    } catch {
      throw new ProviderError('connection', 'WeChat Pay could not be reached')
    }
    const answer = await response.text()
    const error = (() => {
      try {
        return (JSON.parse(answer) as { code?: string }).code
      } catch {
        return undefined
      }
    })()
    if (response.status === 401) throw new ProviderError('authentication', "The shop's WeChat Pay keys were refused")
    if (response.status === 404) throw new ProviderError('not_found', 'No such WeChat Pay order')
    if (response.status >= 400 && response.status < 500)
      throw new ProviderError(
        error === 'NOT_ENOUGH' || error === 'REFUND_AMOUNT_EXCEEDED' ? 'amount_too_large' : 'invalid_request',
        'WeChat Pay refused the request',
        { providerCode: error }
      )
    if (!response.ok) throw new ProviderError('provider', 'WeChat Pay failed')
    if (response.status === 204) return {} as T
    try {
      verifyWechatSignature(
        {
          timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
          nonce: response.headers.get('wechatpay-nonce') ?? undefined,
          signature: response.headers.get('wechatpay-signature') ?? undefined
        },
        answer,
        c.platformKey
      )
    } catch {
      throw new ProviderError('provider', 'WeChat Pay answered with a bad signature')
    }
    return JSON.parse(answer) as T
  }
  const getCharge = async (reference: string) => {
    const trade = await call<Transaction>(
      'GET',
      `/v3/global/transactions/out-trade-no/${encodeURIComponent(reference)}?mchid=${encodeURIComponent(c.mchid)}`
    )
    return {
      reference,
      status: STATUS[trade.trade_state ?? ''] ?? 'pending',
      amount: Number(trade.amount?.total),
      currency: String(trade.amount?.currency ?? '').toLowerCase(),
      code: null
    }
  }
  return {
    id: 'wechatPayHk',
    createCharge: async (input) => {
      const answer = await call<{ code_url?: string }>('POST', '/v3/global/transactions/native', {
        appid: c.appid,
        mchid: c.mchid,
        description: input.description.slice(0, 127),
        out_trade_no: input.reference,
        notify_url: input.notifyUrl,
        trade_type: 'NATIVE',
        merchant_category_code: '5399',
        amount: { total: input.amount, currency: input.currency.toUpperCase() }
      })
      return {
        reference: input.reference,
        status: 'pending',
        amount: input.amount,
        currency: input.currency,
        code: answer.code_url ?? null
      }
    },
    getCharge,
    cancelCharge: async (reference) => {
      await call('POST', `/v3/global/transactions/out-trade-no/${encodeURIComponent(reference)}/close`, { mchid: c.mchid })
    },
    // The refund names the order's total (WeChat Pay's rule), read first; the same out_refund_no is one refund.
    refund: async (input) => {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new ProviderError('invalid_request', 'The amount must be a positive whole number of cents')
      const charge = await getCharge(input.reference)
      const answer = await call<{ out_refund_no?: string; amount?: { refund?: number } }>('POST', '/v3/global/refunds', {
        appid: c.appid,
        mchid: c.mchid,
        out_trade_no: input.reference,
        out_refund_no: input.refundId,
        ...(input.reason ? { reason: input.reason.slice(0, 80) } : {}),
        amount: { refund: input.amount, total: charge.amount, currency: input.currency.toUpperCase() }
      })
      if (answer.out_refund_no !== input.refundId || answer.amount?.refund !== input.amount)
        throw new ProviderError('idempotency', 'WeChat Pay answered another refund')
      return { id: input.refundId, amount: input.amount }
    }
  }
}

/**
 * A notification: its four `Wechatpay-*` headers travel joined by "\n" as `signature` (see gateway-webhooks),
 * `verifyKey` is JSON `{ sign, key }` (the platform public key and the shop's key bundle, for the APIv3 key).
 * Verified (and refused when older than five minutes: a replay) before the resource is decrypted.
 */
export const parseWechatNotification: GatewayNotificationParser = (raw, signature, verifyKey) => {
  const [timestamp, nonce, sig] = (signature ?? '').split('\n')
  let keys: { sign: string; key: string }
  let platformKey: KeyObject
  try {
    keys = JSON.parse(verifyKey) as { sign: string; key: string }
    platformKey = wechatPlatformKey(keys.sign)
  } catch {
    throw new ProviderSignatureError()
  }
  verifyWechatSignature({ timestamp, nonce, signature: sig }, raw, platformKey)
  let body: { id?: string; event_type?: string; resource?: { ciphertext?: string; nonce?: string; associated_data?: string } }
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body
  } catch {
    throw new ProviderSignatureError()
  }
  const apiV3Key = keys.key.trim().split(/\s+/)[0] ?? ''
  const trade = decryptWechatResource(body.resource ?? {}, apiV3Key) as Transaction & { appid?: string }
  const status = STATUS[trade.trade_state ?? '']
  return {
    type:
      body.event_type === 'TRANSACTION.SUCCESS' && status === 'succeeded'
        ? 'charge.succeeded'
        : status === 'canceled'
          ? 'charge.canceled'
          : 'other',
    id: String(body.id ?? ''),
    account: `${trade.mchid ?? ''}.${trade.appid ?? ''}`,
    charge: {
      reference: String(trade.out_trade_no ?? ''),
      amount: Number(trade.amount?.total),
      currency: String(trade.amount?.currency ?? '').toLowerCase()
    }
  }
}
