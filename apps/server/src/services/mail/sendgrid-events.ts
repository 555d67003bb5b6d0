import { createPublicKey, verify } from 'node:crypto'
import type { Knex } from 'knex'
import type { Context, Next } from 'koa'
import { isObjectId } from '@emporia/shared'
import { readRawBody } from '../../domains/payments/provider/webhook-route'
import type { ServiceContext } from '../../platform/http/service-context'
import { OUTBOX } from '../../platform/mail/outbox'
import { readShopSecret } from '../../platform/secrets/shop-secrets'

/** SendGrid's event webhook for one shop's account (decision 0148): bounces and drops mark the mail bounced. */
export const SENDGRID_EVENTS_PATH = '/api/mail/webhooks/sendgrid/:shop'
const PATTERN = /^\/api\/mail\/webhooks\/sendgrid\/([0-9a-f]{24})\/?$/
/** How old a signed delivery may be: a replayed old one is refused. */
const MAX_AGE_SECONDS = 600

const keyOf = (base64: string) => createPublicKey({ key: Buffer.from(base64.trim(), 'base64'), format: 'der', type: 'spki' })

/** Whether a text is an EC public key as SendGrid shows it (base64 DER). */
export const webhookKeyValid = (base64: string) => {
  try {
    return keyOf(base64).asymmetricKeyType === 'ec'
  } catch {
    return false
  }
}

/** SendGrid signs `timestamp + body` with ECDSA P-256 / SHA-256; the signature is base64 DER. */
export const signatureValid = (key: string, timestamp: string, body: Buffer, signature: string) => {
  try {
    return verify('sha256', Buffer.concat([Buffer.from(timestamp), body]), keyOf(key), Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}

interface SendGridEvent {
  event?: string
  sg_message_id?: string
  reason?: string
  response?: string
  type?: string
}

/** Marks the shop's mails SendGrid reports bounced or dropped; answers how many changed. */
export const applyEvents = async (knex: Knex, shop: string, events: SendGridEvent[]) => {
  let changed = 0
  for (const event of events) {
    if (event.event !== 'bounce' && event.event !== 'dropped') continue
    // SendGrid's id of a message is the X-Message-Id it answered the send with, then `.filter…`.
    const id = typeof event.sg_message_id === 'string' ? event.sg_message_id.split('.')[0] : ''
    if (!id) continue
    const reason = String(event.reason ?? event.response ?? event.event).slice(0, 1000)
    changed += await knex(OUTBOX)
      .where({ shop, providerId: id })
      .whereIn('status', ['sent', 'pending'])
      .update({ status: 'bounced', bouncedAt: knex.fn.now(), lastError: `[mail.bounced] ${reason}`, updatedAt: knex.fn.now() })
  }
  return changed
}

/**
 * `POST /api/mail/webhooks/sendgrid/:shop`: the events of the shop's SendGrid account, verified with the
 * key the shop saved from SendGrid (a shop without one is answered 404). Applying an event twice
 * changes nothing more.
 */
export const sendgridEvents = (context: ServiceContext) => async (ctx: Context, next: Next) => {
  // The public path (the app may mount under /api; originalUrl keeps it whole), as the card webhooks read it.
  const match = ctx.method === 'POST' ? PATTERN.exec(new URL(ctx.originalUrl, 'http://host').pathname) : null
  if (!match || !isObjectId(match[1])) return next()
  const shop = match[1]
  const key = await readShopSecret(context.db.knex, shop, 'mailSendgridWebhookKey').catch(() => null)
  if (!key) {
    ctx.status = 404
    ctx.body = { message: 'Not found' }
    return
  }
  const body = await readRawBody(ctx.req)
  const timestamp = ctx.get('x-twilio-email-event-webhook-timestamp')
  const signature = ctx.get('x-twilio-email-event-webhook-signature')
  const age = Math.abs(Date.now() / 1000 - Number(timestamp))
  if (!timestamp || !signature || !(age <= MAX_AGE_SECONDS) || !signatureValid(key, timestamp, body, signature)) {
    ctx.status = 400
    ctx.body = { message: 'The signature does not match' }
    return
  }
  let events: unknown
  try {
    events = JSON.parse(body.toString('utf8'))
  } catch {
    events = null
  }
  if (!Array.isArray(events)) {
    ctx.status = 400
    ctx.body = { message: 'Expected a list of events' }
    return
  }
  await applyEvents(context.db.knex, shop, events as SendGridEvent[])
  ctx.status = 200
  ctx.body = { received: true }
}
