import type { Server } from 'node:http'
import { feathers } from '@feathersjs/feathers'
import { bodyParser, koa, rest } from '@feathersjs/koa'
import type { ProviderEvent } from '../../../../src/domains/payments/provider/provider'
import { stripeProvider } from '../../../../src/domains/payments/provider/stripe-provider'
import { mountWebhookRoute, type WebhookRouteOptions } from '../../../../src/domains/payments/provider/webhook-route'
import { errorHandler, splitApiAndWeb } from '../../../../src/platform/http/http'
import { sendWebhook, signedWebhook, startStripeDouble, stripeEvent, type StripeDouble } from '../../../support/stripe-double'

const PATH = '/api/payments/webhooks/stripe/:shop'
const SECRETS: Record<string, string> = { shop1: 'whsec_shop1', shop2: 'whsec_shop2' }

interface Handled {
  shop: string
  event: ProviderEvent
}

/** A small Feathers-on-Koa app in the order app.ts uses, with the route before the body parser (or after it). */
const startApp = async (options: { failTimes?: number; routeAfterParser?: boolean } = {}) => {
  const handled: Handled[] = []
  const logged: unknown[] = []
  let failures = options.failTimes ?? 0
  const route: WebhookRouteOptions = {
    path: PATH,
    secretFor: async (shop) => SECRETS[shop] ?? null,
    handle: async (shop, event) => {
      if (failures-- > 0) throw new Error('database unavailable')
      handled.push({ shop, event })
    },
    log: (error) => logged.push(error)
  }
  const app = koa(feathers())
  app.use(errorHandler(() => undefined))
  app.use(splitApiAndWeb(undefined))
  if (!options.routeAfterParser) mountWebhookRoute(app, route)
  app.use(bodyParser())
  if (options.routeAfterParser) mountWebhookRoute(app, route)
  app.configure(rest())
  // Any other JSON POST still reaches the body parser.
  app.use('echo', { create: async (data: unknown) => data })
  const server: Server = await app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  return { app, url, handled, logged, close }
}

let double: StripeDouble
let paid: { event: Record<string, unknown>; intentId: string }

beforeAll(async () => {
  double = await startStripeDouble()
  const provider = stripeProvider(double.secretKey, { apiBase: double.url })
  const intent = await provider.createIntent({
    amount: 1500,
    currency: 'hkd',
    idempotencyKey: 'shop1:p9:create',
    metadata: { shop: 'shop1' }
  })
  double.succeed(intent.id)
  paid = { event: double.events.at(-1) as Record<string, unknown>, intentId: intent.id }
  expect(paid.event.type).toBe('payment_intent.succeeded')
})
afterAll(() => double.close())

describe('the webhook route', () => {
  it('verifies the raw body and hands the mapped event over once; 200', async () => {
    const app = await startApp()
    try {
      const answer = await sendWebhook(`${app.url}/api/payments/webhooks/stripe/shop1`, paid.event, SECRETS.shop1)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ received: true })
      expect(app.handled).toHaveLength(1)
      expect(app.handled[0]).toMatchObject({
        shop: 'shop1',
        event: { type: 'intent.succeeded', id: paid.event.id, intent: { id: paid.intentId, status: 'succeeded', amount: 1500 } }
      })
      const echo = await fetch(`${app.url}/api/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}'
      })
      expect(await echo.json()).toEqual({ a: 1 })
    } finally {
      await app.close()
    }
  })

  it('answers 400 to a bad signature, another shop’s secret or a tampered body, and handles nothing', async () => {
    const app = await startApp()
    try {
      const url = `${app.url}/api/payments/webhooks/stripe/shop1`
      expect((await sendWebhook(url, paid.event, 'whsec_wrong')).status).toBe(400)
      expect((await sendWebhook(url, paid.event, SECRETS.shop2)).status).toBe(400)
      const { payload, header } = signedWebhook(paid.event, SECRETS.shop1)
      const tampered = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload.replace('"amount": 1500', '"amount": 15')
      })
      expect(tampered.status).toBe(400)
      expect(await tampered.json()).toMatchObject({ name: 'BadRequest', code: 400 })
      const unsigned = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
      expect(unsigned.status).toBe(400)
      expect(app.handled).toHaveLength(0)
    } finally {
      await app.close()
    }
  })

  it('answers 500 while handling fails, so Stripe sends the event again, and 200 once it is handled', async () => {
    const app = await startApp({ failTimes: 1 })
    try {
      const url = `${app.url}/api/payments/webhooks/stripe/shop1`
      const first = await sendWebhook(url, paid.event, SECRETS.shop1)
      expect(first.status).toBe(500)
      expect(JSON.stringify(await first.json())).not.toContain('database')
      expect(app.logged).toHaveLength(1)
      expect((await sendWebhook(url, paid.event, SECRETS.shop1)).status).toBe(200)
      expect(app.handled.map((each) => each.event.id)).toEqual([paid.event.id])
    } finally {
      await app.close()
    }
  })

  it('answers 404 for a shop without a webhook secret, 405 to other methods, 413 to a huge body', async () => {
    const app = await startApp()
    try {
      expect((await sendWebhook(`${app.url}/api/payments/webhooks/stripe/nobody`, paid.event, 'whsec_x')).status).toBe(404)
      const get = await fetch(`${app.url}/api/payments/webhooks/stripe/shop1`)
      expect(get.status).toBe(405)
      expect(get.headers.get('allow')).toBe('POST')
      const huge = stripeEvent('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        description: 'x'.repeat(1024 * 1024)
      })
      expect((await sendWebhook(`${app.url}/api/payments/webhooks/stripe/shop1`, huge, SECRETS.shop1)).status).toBe(413)
      expect(app.handled).toHaveLength(0)
    } finally {
      await app.close()
    }
  })

  it('refuses to work behind a body parser (the signed bytes are gone) and says why in the log', async () => {
    const app = await startApp({ routeAfterParser: true })
    try {
      expect((await sendWebhook(`${app.url}/api/payments/webhooks/stripe/shop1`, paid.event, SECRETS.shop1)).status).toBe(500)
      expect(String(app.logged[0])).toContain('before the body parser')
      expect(app.handled).toHaveLength(0)
    } finally {
      await app.close()
    }
  })

  it('receives what the double delivers as a Stripe webhook endpoint, in order', async () => {
    const app = await startApp()
    const endpoint = await startStripeDouble({
      webhook: { url: `${app.url}/api/payments/webhooks/stripe/shop2`, secret: SECRETS.shop2 }
    })
    try {
      const provider = stripeProvider(endpoint.secretKey, { apiBase: endpoint.url })
      const intent = await provider.createIntent({
        amount: 800,
        currency: 'hkd',
        idempotencyKey: 'shop2:p1:create',
        metadata: { shop: 'shop2' }
      })
      endpoint.succeed(intent.id)
      const refund = await provider.refund({ intentId: intent.id, amount: 800, idempotencyKey: 'shop2:p1:refund' })
      await endpoint.flush()
      expect(app.handled.map((each) => [each.shop, each.event.type])).toEqual([
        ['shop2', 'other'], // payment_intent.created
        ['shop2', 'other'], // charge.succeeded
        ['shop2', 'intent.succeeded'],
        ['shop2', 'refund.updated'], // refund.created
        ['shop2', 'other'] // charge.refunded
      ])
      expect(app.handled[3].event).toMatchObject({ refund })
    } finally {
      await endpoint.close()
      await app.close()
    }
  })
})
