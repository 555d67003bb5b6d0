import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { StripeDoubleApi, TEST_CARDS } from './stripe-double-api'
import { STRIPE_JS_CARDS, stripeJs } from './stripe-double-js'
import {
  canonical,
  parseForm,
  sendWebhook,
  stripeId,
  StripeFailure,
  type DoubleCharge,
  type DoubleCustomer,
  type DoubleIntent,
  type DoublePaymentMethod,
  type DoubleRefund,
  type Json
} from './stripe-double-objects'

export { sendWebhook, signedWebhook, stripeEvent } from './stripe-double-objects'

/** The secret key the double accepts unless told another. */
export const STRIPE_DOUBLE_SECRET_KEY = 'sk_test_emporia_double'

export interface StripeDoubleOptions {
  secretKey?: string
  host?: string
  /** 0 (default) picks a free port. */
  port?: number
  /** A card refund's status when created: Stripe's test mode says `succeeded`; real banks can leave it `pending`. */
  refundStatus?: 'succeeded' | 'pending'
  /** When set, every event is delivered here, signed with `secret`, in order (as a Stripe webhook endpoint). */
  webhook?: { url: string; secret: string }
}

export interface RecordedRequest {
  method: string
  path: string
  idempotencyKey: string | null
  body: Json
  status: number
  /** Answered from the idempotency store (`Idempotent-Replayed: true`). */
  replayed: boolean
}

export interface StripeDouble {
  url: string
  secretKey: string
  intents: Map<string, DoubleIntent>
  charges: Map<string, DoubleCharge>
  refunds: Map<string, DoubleRefund>
  customers: Map<string, DoubleCustomer>
  /** Cards made from test tokens when an intent was confirmed; saved ones carry their customer. */
  paymentMethods: Map<string, DoublePaymentMethod>
  /** A saved card declines every charge from now on (a renewal that fails). */
  cardWillDecline(paymentMethodId: string, declineCode?: string): void
  /** Every event, in the order Stripe would have created them. */
  events: Json[]
  requests: RecordedRequest[]
  /** The customer's browser confirmed the intent with a card that pays. */
  succeed(intentId: string): DoubleIntent
  /** The customer's card was declined (`declineCode` as Stripe's, e.g. `insufficient_funds`). */
  fail(intentId: string, declineCode?: string): DoubleIntent
  settleRefund(refundId: string, status: 'succeeded' | 'failed' | 'canceled'): DoubleRefund
  /** Another endpoint that receives every event from now on (as a Stripe account's webhook endpoints). */
  addWebhookEndpoint(url: string, secret: string): void
  sendWebhook(targetUrl: string, event: Json | string, secret: string, timestamp?: number): Promise<Response>
  /** Waits until every event so far has been delivered to `options.webhook` (and answered). */
  flush(): Promise<void>
  close(): Promise<void>
}

interface Stored {
  signature: string
  status: number
  body: string
  requestId: string
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => resolve(text))
    req.on('error', reject)
  })

/** Stripe takes the key as a Bearer token or as Basic auth's user name (`curl -u sk_test_…:`). */
const apiKeyOf = (header = '') => {
  if (header.startsWith('Bearer ')) return header.slice(7)
  if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0]
  return ''
}

const mask = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`

/**
 * A local stand-in for Stripe's HTTP API (the subset the payment provider uses), for tests and browser tests:
 * Bearer keys, form bodies, Stripe's error JSON, idempotency keys and the events a webhook endpoint receives.
 */
export const startStripeDouble = async (options: StripeDoubleOptions = {}): Promise<StripeDouble> => {
  const secretKey = options.secretKey ?? STRIPE_DOUBLE_SECRET_KEY
  const requests: RecordedRequest[] = []
  const stored = new Map<string, Stored>()
  let deliveries: Promise<unknown> = Promise.resolve()
  const endpoints: { url: string; secret: string }[] = []
  const api = new StripeDoubleApi(options.refundStatus ?? 'succeeded', (event) => {
    for (const target of [...(options.webhook ? [options.webhook] : []), ...endpoints])
      deliveries = deliveries.then(() =>
        sendWebhook(target.url, event, target.secret)
          .then((answer) => answer.text())
          .catch(() => undefined)
      )
  })

  /**
   * What Stripe.js does with the publishable key and the client secret (the stand-in script of
   * stripe-double-js.ts calls it from the customer's page): confirm the intent with a test card number.
   */
  const confirmFromBrowser = (params: Json): Json => {
    const secret = String(params.client_secret ?? '')
    const intent = api.intents.get(secret.split('_secret_')[0])
    if (!String(params.key ?? '').startsWith('pk_') || !intent || intent.client_secret !== secret)
      throw new StripeFailure(400, { type: 'invalid_request_error', message: 'Invalid client secret or publishable key.' })
    const method = STRIPE_JS_CARDS[String(params.number ?? '')]
    if (!method)
      throw new StripeFailure(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' })
    return api.confirmInBrowser(intent.id, method, TEST_CARDS[method])
  }

  const route = (method: string, path: string, params: Json): Json => {
    const parts = path.split('/').filter(Boolean)
    if (parts[0] === 'v1' && parts[1] === 'payment_intents') {
      if (parts.length === 2 && method === 'POST') return api.createIntent(params)
      if (parts.length === 3 && method === 'GET') return api.intent(parts[2])
      if (parts.length === 4 && method === 'POST' && parts[3] === 'cancel') return api.cancelIntent(parts[2], params)
      if (parts.length === 4 && method === 'POST' && parts[3] === 'confirm') return api.confirmIntent(parts[2], params)
    }
    if (parts[0] === 'v1' && parts[1] === 'customers') {
      if (parts.length === 2 && method === 'POST') return api.createCustomer(params)
      if (parts.length === 3 && method === 'GET') return api.customer(parts[2])
    }
    if (parts[0] === 'v1' && parts[1] === 'payment_methods' && parts.length === 3 && method === 'GET')
      return api.paymentMethod(parts[2])
    if (parts[0] === 'v1' && parts[1] === 'refunds') {
      if (parts.length === 2 && method === 'POST') return api.createRefund(params)
      if (parts.length === 3 && method === 'GET' && api.refunds.has(parts[2])) return api.refunds.get(parts[2]) as DoubleRefund
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`
    })
  }

  // Not Stripe's API: what a browser test needs to play the customer's side in another process.
  const control = (path: string, params: Json): Json => {
    const [, , kind, id, action] = path.split('/')
    if (kind === 'payment_intents' && action === 'succeed') return double.succeed(id)
    if (kind === 'payment_intents' && action === 'fail') return double.fail(id, params.decline_code as string | undefined)
    if (kind === 'payment_methods' && action === 'decline') {
      double.cardWillDecline(id, params.decline_code as string | undefined)
      return double.paymentMethods.get(id) as DoublePaymentMethod
    }
    if (kind === 'refunds' && action === 'settle') return double.settleRefund(id, params.status as 'succeeded')
    if (kind === 'webhook_endpoints' && !id) {
      double.addWebhookEndpoint(String(params.url), String(params.secret))
      return { added: true }
    }
    if (kind === 'js' && id === 'confirm') return confirmFromBrowser(params)
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unknown control ${path}` })
  }

  const answer = (res: ServerResponse, status: number, body: string, headers: Record<string, string>) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(body)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double')
    const method = req.method ?? 'GET'
    const text = await readBody(req)
    const params = (req.headers['content-type'] ?? '').includes('json') ? (JSON.parse(text || '{}') as Json) : parseForm(text)
    const idempotencyKey = method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null
    const requestId = stripeId('req', 14)
    const headers: Record<string, string> = {
      'request-id': requestId,
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey })
    }
    const record = (status: number, replayed = false) =>
      requests.push({ method, path: url.pathname, idempotencyKey, body: params, status, replayed })
    const fail = (failure: StripeFailure) => {
      record(failure.status)
      answer(
        res,
        failure.status,
        JSON.stringify(
          { error: { ...failure.error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } },
          null,
          2
        ),
        headers
      )
    }

    // The stand-in Stripe.js and its calls come from the shop's page, another origin.
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' }
    if (method === 'OPTIONS') return answer(res, 204, '', { ...cors, 'access-control-allow-methods': 'GET, POST' })
    if (method === 'GET' && (url.pathname === '/v3/' || url.pathname === '/v3')) {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', ...cors })
      return res.end(stripeJs(`http://${req.headers.host ?? ''}`))
    }
    if (url.pathname.startsWith('/_double/')) {
      try {
        const body = JSON.stringify(control(url.pathname, params))
        record(200)
        return answer(res, 200, body, { ...headers, ...cors })
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error
        record(error.status)
        return answer(res, error.status, JSON.stringify({ error: error.error }), { ...headers, ...cors })
      }
    }
    const key = apiKeyOf(req.headers.authorization)
    if (!key)
      return fail(
        new StripeFailure(401, {
          type: 'invalid_request_error',
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
        })
      )
    if (key !== secretKey)
      return fail(new StripeFailure(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${mask(key)}` }))

    const signature = `${method} ${url.pathname} ${canonical(params)}`
    const previous = idempotencyKey ? stored.get(idempotencyKey) : undefined
    if (previous && previous.signature !== signature)
      return fail(
        new StripeFailure(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`
        })
      )
    if (previous) {
      record(previous.status, true)
      return answer(res, previous.status, previous.body, {
        ...headers,
        'idempotent-replayed': 'true',
        'original-request': previous.requestId
      })
    }
    let status = 200
    let body: string
    try {
      body = JSON.stringify(route(method, url.pathname, params), null, 2)
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error
      if (!idempotencyKey || error.validation) return fail(error)
      status = error.status
      body = JSON.stringify({ error: error.error }, null, 2)
    }
    if (idempotencyKey) stored.set(idempotencyKey, { signature, status, body, requestId })
    record(status)
    answer(res, status, body, headers)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) answer(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }), {})
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }

  const double: StripeDouble = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    secretKey,
    intents: api.intents,
    charges: api.charges,
    refunds: api.refunds,
    customers: api.customers,
    paymentMethods: api.paymentMethods,
    cardWillDecline: (id, declineCode) => api.cardWillDecline(id, declineCode),
    events: api.events,
    requests,
    succeed: (intentId) => api.confirmInBrowser(intentId, 'pm_card_visa', {}),
    fail: (intentId, declineCode = 'generic_decline') => {
      try {
        return api.confirmInBrowser(intentId, 'pm_card_chargeDeclined', {
          decline: declineCode,
          message: 'Your card was declined.'
        })
      } catch (error) {
        if (!(error instanceof StripeFailure) || error.status !== 402) throw error
        return api.intent(intentId)
      }
    },
    settleRefund: (refundId, status) => api.settleRefund(refundId, status),
    addWebhookEndpoint: (url, secret) => {
      endpoints.push({ url, secret })
    },
    sendWebhook,
    flush: async () => {
      await deliveries
    },
    close: async () => {
      await deliveries
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    }
  }
  return double
}
