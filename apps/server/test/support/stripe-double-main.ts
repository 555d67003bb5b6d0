/**
 * The Stripe double as its own process, for browser tests and by-hand checks:
 *   npx tsx apps/server/test/support/stripe-double-main.ts
 * prints its URL (the server's STRIPE_API_BASE) as the first line of output. Environment:
 * STRIPE_DOUBLE_PORT (default: a free port), STRIPE_DOUBLE_SECRET_KEY (default sk_test_emporia_double),
 * STRIPE_DOUBLE_WEBHOOK_URL and STRIPE_DOUBLE_WEBHOOK_SECRET (deliver every event there, signed).
 * POST /_double/payment_intents/<id>/succeed (or /fail) plays the customer paying in the browser.
 * POST /_double/payment_methods/<id>/decline makes a saved card decline from then on (a failed renewal).
 */
import { startStripeDouble } from './stripe-double'

const env = process.env
const webhookUrl = env.STRIPE_DOUBLE_WEBHOOK_URL
const double = await startStripeDouble({
  port: Number(env.STRIPE_DOUBLE_PORT ?? 0),
  secretKey: env.STRIPE_DOUBLE_SECRET_KEY || undefined,
  webhook: webhookUrl ? { url: webhookUrl, secret: env.STRIPE_DOUBLE_WEBHOOK_SECRET ?? '' } : undefined
})
console.log(double.url)

const stop = () => {
  void double.close().then(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
