import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseStripeWebhook, stripeProvider } from '../../../../src/domains/payments/provider/stripe-provider'
import { STRIPE_DOUBLE_SECRET_KEY } from '../../../support/stripe-double'

const here = path.dirname(fileURLToPath(import.meta.url))
const MAIN = path.resolve(here, '../../../support/stripe-double-main.ts')
const ROOT = path.resolve(here, '../../../../../..')
const SECRET = 'whsec_browser_tests'

const bodyOf = async (req: IncomingMessage) => {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

describe('the Stripe double as its own process (for browser tests)', () => {
  it('prints its URL, serves the SDK, plays the customer paying and delivers the signed events', async () => {
    // Stands in for the server's webhook route: verifies each delivery as the real one does.
    const received: string[] = []
    let paid: () => void = () => undefined
    const paidSeen = new Promise<void>((resolve) => (paid = resolve))
    const receiver = createServer(async (req, res) => {
      const event = parseStripeWebhook(await bodyOf(req), req.headers['stripe-signature'] as string, SECRET)
      received.push(event.type)
      res.end('{}')
      if (event.type === 'intent.succeeded') paid()
    })
    receiver.listen(0, '127.0.0.1')
    await once(receiver, 'listening')
    // Node itself with tsx's loader, not the tsx command: the command forwards SIGTERM only if the
    // child confirms a handler within 30 ms, and on a busy machine it kills it instead (exit 143).
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        STRIPE_DOUBLE_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`,
        STRIPE_DOUBLE_WEBHOOK_SECRET: SECRET
      },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    try {
      const [firstLine] = (await once(child.stdout, 'data')).map(String)
      const url = firstLine.trim()
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

      const provider = stripeProvider(STRIPE_DOUBLE_SECRET_KEY, { apiBase: url })
      const intent = await provider.createIntent({
        amount: 2000,
        currency: 'hkd',
        idempotencyKey: 'shop1:p1:create',
        metadata: {}
      })
      const answer = await fetch(`${url}/_double/payment_intents/${intent.id}/succeed`, { method: 'POST' })
      expect(answer.status).toBe(200)
      await paidSeen
      expect(received).toEqual(['other', 'other', 'intent.succeeded'])
      expect((await provider.getIntent(intent.id)).status).toBe('succeeded')
    } finally {
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const [code] = await exited
      expect(code).toBe(0)
      receiver.closeAllConnections()
      receiver.close()
    }
  })
})
