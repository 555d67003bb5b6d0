import type { IncomingMessage } from 'node:http'
import { BadRequest, FeathersError, GeneralError, NotFound } from '@feathersjs/errors'
import type { Context, Next } from 'koa'
import { ProviderSignatureError, type ProviderEvent, type WebhookParser } from './provider'
import { parseStripeWebhook } from './stripe-provider'

/** Stripe's events are a few KB; anything near this is not one of them. */
const WEBHOOK_LIMIT_BYTES = 1024 * 1024

export interface WebhookRouteOptions {
  /** The public path, `/api/…` included, with `:shop` where the shop id stands. */
  path: string
  /** The shop's webhook signing secret (`whsec_…`); null when the shop has none (answered 404). */
  secretFor(shop: string): Promise<string | null>
  /** Applies the event; must be idempotent by `event.id` (Stripe may deliver one event more than once). */
  handle(shop: string, event: ProviderEvent): Promise<void>
  /** Defaults to Stripe's signature check. */
  parse?: WebhookParser
  /** The header the signature comes in; defaults to Stripe's. */
  signatureHeader?: string
  /** A gateway whose signature spans several headers (WeChat Pay's `Wechatpay-*`): their values joined by "\n". */
  signatureHeaders?: readonly string[]
  /** A gateway that wants a text answer once handled (Alipay's `success`); defaults to Stripe's JSON. */
  acknowledge?: string
  log?: (error: unknown) => void
}

class TooLarge extends FeathersError {
  constructor() {
    super('The request body is too large', 'PayloadTooLarge', 413, 'payload-too-large', {})
  }
}

/** The exact bytes of a request body (a signature covers bytes, not a re-serialised JSON), up to `limit`. */
export const readRawBody = (req: IncomingMessage, limit = WEBHOOK_LIMIT_BYTES): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return reject(new TooLarge())
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        req.resume()
        reject(new TooLarge())
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

const matcher = (path: string) => {
  const names: string[] = []
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? (names.push(part.slice(1)), '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  const pattern = new RegExp(`^${source}/?$`)
  return (pathname: string): Record<string, string> | undefined => {
    const match = pattern.exec(pathname)
    if (!match) return undefined
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]))
  }
}

const reply = (ctx: Context, error: FeathersError | undefined) => {
  ctx.status = error ? error.code : 200
  ctx.body = error ? error.toJSON() : { received: true }
}

/**
 * Koa middleware for a provider's webhook: reads the raw body, verifies the signature BEFORE anything
 * parses it, then hands the event over. 400 on a bad signature, 200 once handled, 500 when handling failed
 * (Stripe retries every non-2xx answer with backoff for up to three days).
 */
export const webhookRoute = <E = ProviderEvent>(
  options: Omit<WebhookRouteOptions, 'parse' | 'handle'> & {
    parse?: (rawBody: Buffer, signatureHeader: string | undefined, secret: string) => E
    handle(shop: string, event: E): Promise<void>
  }
) => {
  const match = matcher(options.path)
  const parse = options.parse ?? (parseStripeWebhook as unknown as NonNullable<typeof options.parse>)
  const log = options.log ?? ((error: unknown) => console.error(error))
  return async (ctx: Context, next: Next) => {
    const params = match(new URL(ctx.originalUrl, 'http://host').pathname)
    if (!params) return next()
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST')
      return reply(ctx, new FeathersError('Only POST', 'MethodNotAllowed', 405, 'method-not-allowed', {}))
    }
    // A body parser ahead of this route has eaten the bytes the signature covers: wiring mistake, loudly.
    if ((ctx.request as { body?: unknown }).body !== undefined || ctx.req.readableEnded) {
      log(new Error(`${options.path} must be mounted before the body parser`))
      return reply(ctx, new GeneralError('The webhook could not be read'))
    }
    const shop = params.shop ?? ''
    let raw: Buffer
    try {
      raw = await readRawBody(ctx.req)
    } catch (error) {
      return reply(ctx, error instanceof FeathersError ? error : new BadRequest('The request body could not be read'))
    }
    const secret = await options.secretFor(shop)
    if (!secret) return reply(ctx, new NotFound('No webhook is set up for this shop'))
    let event: E
    try {
      const signature = options.signatureHeaders
        ? options.signatureHeaders.map((name) => ctx.get(name)).join('\n')
        : ctx.get(options.signatureHeader ?? 'stripe-signature')
      event = parse(raw, signature || undefined, secret)
    } catch (error) {
      if (error instanceof ProviderSignatureError) return reply(ctx, new BadRequest(error.message))
      throw error
    }
    try {
      await options.handle(shop, event)
    } catch (error) {
      log(error)
      return reply(ctx, new GeneralError('The event could not be handled; it will be sent again'))
    }
    reply(ctx, undefined)
    if (options.acknowledge !== undefined) ctx.body = options.acknowledge
  }
}

/**
 * Adds the route to a Koa (or Feathers-on-Koa) app. Call it BEFORE the app's body parser
 * (in app.ts, next to the media routes): Koa runs middleware in the order it was added.
 */
export const mountWebhookRoute = (
  app: { use(middleware: (ctx: Context, next: Next) => Promise<unknown>): unknown },
  options: WebhookRouteOptions
) => app.use(webhookRoute(options))
