import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { terminalSignature, verifyTerminalSignature } from '../../src/domains/payments/gateways/terminal'
import { octopusSignature } from '../../src/domains/payments/gateways/octopus'

/*
 * Local doubles of the wallet (AlipayHK, OpenAPI 2.0) and card terminal gateways (decision 0199): the real
 * clients talk to them through ALIPAY_GATEWAY_URL / TERMINAL_API_BASE. Each checks our request's
 * signature, keeps its charges, and posts notifications signed the way the gateway signs them.
 */

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return `http://127.0.0.1:${port}`
}

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString()
  }
}

const signed = (fields: Record<string, string>, privateKey: string) => {
  const content = Object.keys(fields)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&')
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64')
}

export interface AlipayTrade {
  outTradeNo: string
  totalAmount: string
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
  notifyUrl: string
  /** Refunds made, by out_request_no: their amount ("1.23"). */
  refunds: Map<string, string>
}

export interface AlipayDouble {
  url: string
  appId: string
  /** The merchant's key pair (the shop's `key` is its private half) and Alipay's (the shop's `sign` is its public half). */
  merchant: { privateKey: string; publicKey: string }
  alipay: { privateKey: string; publicKey: string }
  trades: Map<string, AlipayTrade>
  /** Requests refused for a bad signature. */
  refused: number
  /** Set: every refund is refused with this sub_code (as Alipay refuses, say, ACQ.SELLER_BALANCE_NOT_ENOUGH). */
  refuseRefunds: string | null
  /** The notification Alipay would post: a form signed with Alipay's key (or `withKey`). */
  notification(outTradeNo: string, change?: Partial<Record<string, string>>, withKey?: string): string
  /** The customer paid: marks the trade and posts its notification (to `target`, else its notify URL). */
  pay(outTradeNo: string, target?: string): Promise<{ status: number; body: string }>
  post(url: string, form: string): Promise<{ status: number; body: string }>
  close(): Promise<void>
}

export const startAlipayDouble = async (appId = '2021000000000001'): Promise<AlipayDouble> => {
  const merchant = pem()
  const alipay = pem()
  const trades = new Map<string, AlipayTrade>()
  let refused = 0
  let refuseRefunds: string | null = null
  const answer = (method: string, body: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`
    const json = JSON.stringify(body)
    const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(alipay.privateKey, 'base64')
    return `{"${key}":${json},"sign":"${sign}"}`
  }
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const url = new URL(req.url ?? '/', 'http://double')
      const fields: Record<string, string> = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(text))
      }
      const content = Object.keys(fields)
        .filter((key) => key !== 'sign')
        .sort()
        .map((key) => `${key}=${fields[key]}`)
        .join('&')
      const ok = createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(merchant.publicKey, fields.sign ?? '', 'base64')
      const method = fields.method ?? ''
      res.setHeader('content-type', 'application/json')
      if (!ok || fields.app_id !== appId) {
        refused++
        return res.end(answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' }))
      }
      const biz = JSON.parse(fields.biz_content ?? '{}') as {
        out_trade_no: string
        total_amount?: string
        refund_amount?: string
        out_request_no?: string
      }
      const trade = trades.get(biz.out_trade_no)
      if (method === 'alipay.trade.precreate') {
        if (!trade)
          trades.set(biz.out_trade_no, {
            outTradeNo: biz.out_trade_no,
            totalAmount: biz.total_amount ?? '0',
            status: 'WAIT_BUYER_PAY',
            notifyUrl: fields.notify_url ?? '',
            refunds: new Map()
          })
        return res.end(
          answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.hk/${biz.out_trade_no}`
          })
        )
      }
      if (!trade) return res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }))
      if (method === 'alipay.trade.refund') {
        // Alipay's rules: the same out_request_no is the same refund; never more than the trade's total.
        const cents = (text: string) => Math.round(Number(text) * 100)
        const earlier = trade.refunds.get(biz.out_request_no ?? '')
        const fail = (sub: string) => res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: sub }))
        if (refuseRefunds) return fail(refuseRefunds)
        if (trade.status !== 'TRADE_SUCCESS' && !earlier) return fail('ACQ.TRADE_STATUS_ERROR')
        const given = [...trade.refunds.values()].reduce((sum, amount) => sum + cents(amount), 0)
        if (!earlier) {
          if (given + cents(biz.refund_amount ?? '0') > cents(trade.totalAmount)) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL')
          trade.refunds.set(biz.out_request_no ?? '', biz.refund_amount ?? '0')
        }
        const refundFee = (given + (earlier ? 0 : cents(biz.refund_amount ?? '0'))) / 100
        return res.end(
          answer(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            fund_change: earlier ? 'N' : 'Y',
            refund_fee: refundFee.toFixed(2)
          })
        )
      }
      if (method === 'alipay.trade.cancel') trade.status = 'TRADE_CLOSED'
      res.end(
        answer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: trade.outTradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount
        })
      )
    })
  })
  const url = await listen(server)
  let seq = 0
  const post = async (target: string, form: string) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form
    })
    return { status: response.status, body: await response.text() }
  }
  const notification = (outTradeNo: string, change: Partial<Record<string, string>> = {}, withKey?: string) => {
    const trade = trades.get(outTradeNo)
    const fields: Record<string, string> = {
      notify_time: '2026-12-13 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: `notify-${++seq}`,
      app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2026121322001${seq}`,
      out_trade_no: outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade?.totalAmount ?? '0.00',
      trans_currency: 'HKD',
      ...(change as Record<string, string>)
    }
    fields.sign_type = 'RSA2'
    fields.sign = signed(fields, withKey ?? alipay.privateKey)
    return new URLSearchParams(fields).toString()
  }
  return {
    url: `${url}/gateway.do`,
    appId,
    merchant,
    alipay,
    trades,
    get refused() {
      return refused
    },
    get refuseRefunds() {
      return refuseRefunds
    },
    set refuseRefunds(code: string | null) {
      refuseRefunds = code
    },
    notification,
    pay: async (outTradeNo, target) => {
      const trade = trades.get(outTradeNo)
      if (!trade) throw new Error(`No trade ${outTradeNo}`)
      trade.status = 'TRADE_SUCCESS'
      return post(target ?? trade.notifyUrl, notification(outTradeNo))
    },
    post,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

export interface TerminalSale {
  reference: string
  amount: number
  currency: string
  status: 'pending' | 'approved' | 'declined' | 'canceled'
  notifyUrl: string
  /** Refunds made, by refund id: their cents. */
  refunds?: Map<string, number>
}

export interface TerminalDouble {
  url: string
  mid: string
  key: string
  sales: Map<string, TerminalSale>
  refused: number
  /** The body and signature header of a notification for the sale (`change` overrides its fields). */
  notification(reference: string, change?: Partial<TerminalSale>, at?: number, key?: string): { body: string; signature: string }
  /** The card was taken (or declined): marks the sale and posts its notification (to `target`, else its notify URL). */
  settle(reference: string, status?: 'approved' | 'declined', target?: string): Promise<number>
  post(url: string, note: { body: string; signature: string }): Promise<number>
  close(): Promise<void>
}

export const startTerminalDouble = async (mid = 'MID-000123', key = 'terminal-test-key-0001'): Promise<TerminalDouble> => {
  const sales = new Map<string, TerminalSale>()
  let refused = 0
  let seq = 0
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      res.setHeader('content-type', 'application/json')
      try {
        verifyTerminalSignature(Buffer.from(text), String(req.headers['terminal-signature'] ?? ''), key)
      } catch {
        refused++
        res.statusCode = 401
        return res.end('{"error":"signature"}')
      }
      const path = new URL(req.url ?? '/', 'http://double').pathname
      if (req.method === 'POST' && path === '/v1/sales') {
        const body = JSON.parse(text) as TerminalSale & { mid: string; notifyUrl: string }
        const sale = sales.get(body.reference) ?? { ...body, status: 'pending' as const }
        sales.set(body.reference, sale)
        return res.end(JSON.stringify(sale))
      }
      const refundOf = /^\/v1\/sales\/([^/]+)\/refunds$/.exec(path)
      if (req.method === 'POST' && refundOf) {
        const sale = sales.get(decodeURIComponent(refundOf[1]))
        const body = JSON.parse(text) as { refundId: string; amount: number; currency: string }
        if (!sale || sale.status !== 'approved') {
          res.statusCode = sale ? 409 : 404
          return res.end('{"error":"not_refundable"}')
        }
        const refunds = (sale.refunds ??= new Map())
        const earlier = refunds.get(body.refundId)
        const given = [...refunds.values()].reduce((sum, amount) => sum + amount, 0)
        if (earlier === undefined) {
          if (!Number.isInteger(body.amount) || body.amount <= 0) {
            res.statusCode = 400
            return res.end('{"error":"amount"}')
          }
          if (given + body.amount > sale.amount) {
            res.statusCode = 422
            return res.end('{"error":"amount_too_large"}')
          }
          refunds.set(body.refundId, body.amount)
        }
        return res.end(
          JSON.stringify({
            id: body.refundId,
            reference: sale.reference,
            amount: earlier ?? body.amount,
            currency: sale.currency
          })
        )
      }
      const match = /^\/v1\/sales\/([^/]+)(\/cancel)?$/.exec(path)
      const sale = match ? sales.get(decodeURIComponent(match[1])) : undefined
      if (!sale) {
        res.statusCode = 404
        return res.end('{"error":"not_found"}')
      }
      if (match?.[2] && sale.status === 'pending') sale.status = 'canceled'
      res.end(JSON.stringify(sale))
    })
  })
  const url = await listen(server)
  const notification = (reference: string, change: Partial<TerminalSale> = {}, at?: number, withKey = key) => {
    const sale = sales.get(reference)
    const body = JSON.stringify({
      id: `evt-${++seq}`,
      mid,
      sale: { ...sale, notifyUrl: undefined, refunds: undefined, ...change }
    })
    return { body, signature: terminalSignature(withKey, body, at) }
  }
  const post = async (target: string, note: { body: string; signature: string }) =>
    (
      await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'terminal-signature': note.signature },
        body: note.body
      })
    ).status
  return {
    url,
    mid,
    key,
    sales,
    get refused() {
      return refused
    },
    notification,
    settle: async (reference, status = 'approved', target) => {
      const sale = sales.get(reference)
      if (!sale) throw new Error(`No sale ${reference}`)
      sale.status = status
      return post(target ?? sale.notifyUrl, notification(reference))
    },
    post,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

export interface WechatOrder {
  outTradeNo: string
  total: number
  currency: string
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED'
  notifyUrl: string
  /** Refunds made, by out_refund_no: their cents. */
  refunds: Map<string, number>
}

export interface WechatDouble {
  url: string
  mchid: string
  appid: string
  apiV3Key: string
  serial: string
  merchant: { privateKey: string; publicKey: string }
  platform: { privateKey: string; publicKey: string }
  /** The shop's `id` and `key` as the merchant types them. */
  id: string
  key: string
  orders: Map<string, WechatOrder>
  refused: number
  /** A TRANSACTION.SUCCESS notification for the order (`change` overrides the resource's fields), signed and sealed. */
  notification(
    outTradeNo: string,
    change?: Record<string, unknown>,
    options?: { at?: number; withKey?: string }
  ): { body: string; headers: Record<string, string> }
  /** The customer paid: marks the order and posts its notification (to `target`, else its notify URL). */
  pay(outTradeNo: string, target?: string): Promise<number>
  post(url: string, note: { body: string; headers: Record<string, string> }): Promise<number>
  close(): Promise<void>
}

/** WeChat Pay HK's API v3 (decision 0199, amended): signed requests in, signed answers and sealed notifications out. */
export const startWechatDouble = async (mchid = '1900000001', appid = 'wx8888888888888888'): Promise<WechatDouble> => {
  const merchant = pem()
  const platform = pem()
  const apiV3Key = 'apiv3-test-key-0123456789abcdefg'.slice(0, 32)
  const serial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
  const orders = new Map<string, WechatOrder>()
  let refused = 0
  let seq = 0
  const signAnswer = (body: string, at = Math.floor(Date.now() / 1000), withKey = platform.privateKey) => {
    const nonce = randomBytes(16).toString('hex')
    const signature = createSign('RSA-SHA256').update(`${at}\n${nonce}\n${body}\n`).sign(withKey, 'base64')
    return {
      'wechatpay-timestamp': String(at),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PUB_KEY_ID_0001'
    }
  }
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const send = (status: number, body: object | null) => {
        const json = body ? JSON.stringify(body) : ''
        res.statusCode = status
        if (body) for (const [name, value] of Object.entries(signAnswer(json))) res.setHeader(name, value)
        res.setHeader('content-type', 'application/json')
        res.end(json)
      }
      const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(String(req.headers.authorization ?? ''))
      const parts = Object.fromEntries(
        [...(auth?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string])
      )
      const ok =
        parts.mchid === mchid &&
        parts.serial_no === serial &&
        createVerify('RSA-SHA256')
          .update(`${req.method}\n${req.url}\n${parts.timestamp}\n${parts.nonce_str}\n${text}\n`)
          .verify(merchant.publicKey, parts.signature ?? '', 'base64')
      if (!ok) {
        refused++
        return send(401, { code: 'SIGN_ERROR', message: 'signature' })
      }
      const path = new URL(req.url ?? '/', 'http://double').pathname
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown> & {
        out_trade_no?: string
        out_refund_no?: string
        notify_url?: string
        amount?: { total?: number; refund?: number; currency?: string }
      }
      if (req.method === 'POST' && path === '/v3/global/transactions/native') {
        const outTradeNo = String(body.out_trade_no)
        if (!orders.has(outTradeNo))
          orders.set(outTradeNo, {
            outTradeNo,
            total: Number(body.amount?.total),
            currency: String(body.amount?.currency),
            state: 'NOTPAY',
            notifyUrl: String(body.notify_url),
            refunds: new Map()
          })
        return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${outTradeNo}` })
      }
      if (req.method === 'POST' && path === '/v3/global/refunds') {
        const order = orders.get(String(body.out_trade_no))
        if (!order) return send(404, { code: 'ORDER_NOT_EXIST', message: 'no order' })
        const refundNo = String(body.out_refund_no)
        const earlier = order.refunds.get(refundNo)
        if (earlier === undefined) {
          if (order.state !== 'SUCCESS') return send(400, { code: 'INVALID_REQUEST', message: 'not paid' })
          if (body.amount?.total !== order.total) return send(400, { code: 'PARAM_ERROR', message: 'total' })
          const given = [...order.refunds.values()].reduce((sum, amount) => sum + amount, 0)
          if (given + Number(body.amount?.refund) > order.total)
            return send(403, { code: 'NOT_ENOUGH', message: 'over what is left' })
          order.refunds.set(refundNo, Number(body.amount?.refund))
        }
        return send(200, {
          id: `5030${refundNo}`,
          out_refund_no: refundNo,
          status: 'PROCESSING',
          amount: { refund: earlier ?? Number(body.amount?.refund), total: order.total, currency: order.currency }
        })
      }
      const match = /^\/v3\/global\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path)
      const order = match ? orders.get(decodeURIComponent(match[1])) : undefined
      if (!order) return send(404, { code: 'ORDER_NOT_EXIST', message: 'no order' })
      if (match?.[2]) {
        if (order.state === 'NOTPAY') order.state = 'CLOSED'
        return send(204, null)
      }
      send(200, {
        mchid,
        appid,
        out_trade_no: order.outTradeNo,
        trade_state: order.state,
        amount: { total: order.total, currency: order.currency }
      })
    })
  })
  const url = await listen(server)
  const seal = (clear: string) => {
    const nonce = randomBytes(6).toString('hex')
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce))
    cipher.setAAD(Buffer.from('transaction'))
    const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), nonce, associated_data: 'transaction' }
  }
  const notification = (
    outTradeNo: string,
    change: Record<string, unknown> = {},
    options: { at?: number; withKey?: string } = {}
  ) => {
    const order = orders.get(outTradeNo)
    const resource = {
      mchid,
      appid,
      out_trade_no: outTradeNo,
      transaction_id: `4200${++seq}`,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      amount: { total: order?.total ?? 0, currency: order?.currency ?? 'HKD', payer_total: order?.total ?? 0 },
      ...change
    }
    const body = JSON.stringify({
      id: `EV-${seq}`,
      create_time: '2026-12-13T10:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: seal(JSON.stringify(resource))
    })
    return { body, headers: signAnswer(body, options.at, options.withKey) }
  }
  const post = async (target: string, note: { body: string; headers: Record<string, string> }) =>
    (await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', ...note.headers }, body: note.body }))
      .status
  return {
    url,
    mchid,
    appid,
    apiV3Key,
    serial,
    merchant,
    platform,
    id: `${mchid}.${appid}`,
    key: `${apiV3Key}\n${serial}\n${merchant.privateKey}`,
    orders,
    get refused() {
      return refused
    },
    notification,
    pay: async (outTradeNo, target) => {
      const order = orders.get(outTradeNo)
      if (!order) throw new Error(`No order ${outTradeNo}`)
      order.state = 'SUCCESS'
      return post(target ?? order.notifyUrl, notification(outTradeNo))
    },
    post,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

export interface OctopusPaymentRecord {
  reference: string
  amount: number
  currency: string
  status: 'pending' | 'paid' | 'failed' | 'cancelled'
  notifyUrl: string
  refunds: Map<string, number>
}

export interface OctopusDouble {
  url: string
  mid: string
  key: string
  payments: Map<string, OctopusPaymentRecord>
  refused: number
  notification(
    reference: string,
    change?: Partial<OctopusPaymentRecord>,
    at?: number,
    key?: string
  ): { body: string; signature: string }
  /** The customer paid with the Octopus app: marks the payment and posts its notification. */
  pay(reference: string, target?: string): Promise<number>
  post(url: string, note: { body: string; signature: string }): Promise<number>
  close(): Promise<void>
}

/** Octopus's merchant API as decision 0199 (amended) shapes it: HMAC-signed JSON, a QR code per payment. */
export const startOctopusDouble = async (mid = 'OCT-0042', key = 'octopus-test-key-0001'): Promise<OctopusDouble> => {
  const payments = new Map<string, OctopusPaymentRecord>()
  let refused = 0
  let seq = 0
  const view = (p: OctopusPaymentRecord) => ({
    reference: p.reference,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    qrCode: `octopus://pay/${mid}/${p.reference}`
  })
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      res.setHeader('content-type', 'application/json')
      const send = (status: number, body: object) => {
        res.statusCode = status
        res.end(JSON.stringify(body))
      }
      try {
        if (req.headers['octopus-mid'] !== mid) throw new Error('mid')
        verifyTerminalSignature(Buffer.from(text), String(req.headers['octopus-signature'] ?? ''), key)
      } catch {
        refused++
        return send(401, { error: 'signature' })
      }
      const path = new URL(req.url ?? '/', 'http://double').pathname
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>
      if (req.method === 'POST' && path === '/v1/payments') {
        const reference = String(body.reference)
        if (!payments.has(reference))
          payments.set(reference, {
            reference,
            amount: Number(body.amount),
            currency: String(body.currency),
            status: 'pending',
            notifyUrl: String(body.notifyUrl),
            refunds: new Map()
          })
        return send(200, view(payments.get(reference)!))
      }
      const match = /^\/v1\/payments\/([^/]+)(\/cancel|\/refunds)?$/.exec(path)
      const payment = match ? payments.get(decodeURIComponent(match[1])) : undefined
      if (!payment) return send(404, { error: 'not_found' })
      if (match?.[2] === '/cancel') {
        if (payment.status === 'pending') payment.status = 'cancelled'
        return send(200, view(payment))
      }
      if (match?.[2] === '/refunds') {
        const refundId = String(body.refundId)
        const earlier = payment.refunds.get(refundId)
        if (earlier === undefined) {
          if (payment.status !== 'paid') return send(409, { error: 'not_paid' })
          const given = [...payment.refunds.values()].reduce((sum, amount) => sum + amount, 0)
          if (given + Number(body.amount) > payment.amount) return send(422, { error: 'amount_too_large' })
          payment.refunds.set(refundId, Number(body.amount))
        }
        return send(200, { id: refundId, reference: payment.reference, amount: earlier ?? Number(body.amount) })
      }
      send(200, view(payment))
    })
  })
  const url = await listen(server)
  const notification = (reference: string, change: Partial<OctopusPaymentRecord> = {}, at?: number, withKey = key) => {
    const payment = payments.get(reference)
    const body = JSON.stringify({
      id: `oct-${++seq}`,
      mid,
      payment: { reference, amount: payment?.amount, currency: payment?.currency, status: 'paid', ...change, refunds: undefined }
    })
    return { body, signature: octopusSignature(withKey, body, at) }
  }
  const post = async (target: string, note: { body: string; signature: string }) =>
    (
      await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'octopus-signature': note.signature },
        body: note.body
      })
    ).status
  return {
    url,
    mid,
    key,
    payments,
    get refused() {
      return refused
    },
    notification,
    pay: async (reference, target) => {
      const payment = payments.get(reference)
      if (!payment) throw new Error(`No payment ${reference}`)
      payment.status = 'paid'
      return post(target ?? payment.notifyUrl, notification(reference))
    },
    post,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
