import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { terminalSignature, verifyTerminalSignature } from '../../src/domains/payments/gateways/terminal'

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
