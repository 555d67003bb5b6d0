import type { Knex } from 'knex'
import type { Context, Next } from 'koa'
import { activeSecretsKeyring } from '../secrets/secrets-key'
import { mailBodyOf, OUTBOX, type OutboxRow } from './outbox'
import { escapeHtml } from './templates'

const BASE = '/api/dev/mailbox'
const LATEST = 100
const isId = (value: string) => /^[0-9a-f]{24}$/.test(value)

// The mails are our own HTML, but the values in them came from users: no scripts, no remote loads.
const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store'
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export const isLoopback = (address: string | undefined): boolean => {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

// A proxy on this machine makes every visitor look local; a request it forwarded is not a developer's own.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip']

const fromThisMachine = (ctx: Context) =>
  isLoopback(ctx.req.socket.remoteAddress) && !FORWARDING_HEADERS.some((name) => ctx.get(name))

type Row = Pick<OutboxRow, '_id' | 'to' | 'type' | 'subject' | 'text' | 'createdAt' | 'status'>
type Stored = Row & Pick<OutboxRow, 'html' | 'values' | 'sealed'>

/** What a code mail said, opened for the developer on this machine (decision 0215); erased once sent or failed. */
const bodyOf = (row: Stored) => {
  if (row.sealed) return mailBodyOf(activeSecretsKeyring, row)
  if (!row.html && !row.text && row.status !== 'pending') {
    const erased = `(${row.subject}: erased once ${row.status}, as it carried a one-time code)`
    return { html: escapeHtml(erased), text: erased }
  }
  return row
}

const latest = async (knex: Knex, to: string | undefined): Promise<Row[]> => {
  const query = knex(OUTBOX)
    .select('_id', 'to', 'type', 'subject', 'text', 'html', 'values', 'sealed', 'createdAt', 'status')
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: '_id', order: 'desc' }
    ])
    .limit(LATEST)
  const rows = (await (to ? query.where('to', to) : query)) as Stored[]
  return rows.map((row) => ({
    _id: row._id,
    to: row.to,
    type: row.type,
    subject: row.subject,
    text: bodyOf(row).text,
    createdAt: row.createdAt,
    status: row.status
  }))
}

const listPage = (rows: Row[]) => {
  const cell = (value: string) => `<td>${escapeHtml(value)}</td>`
  const body = rows
    .map(
      (row) =>
        `<tr>${cell(row.to)}<td><a href="${BASE}/${escapeHtml(row._id)}">${escapeHtml(row.subject)}</a></td>` +
        `${cell(row.type)}${cell(row.status)}${cell(new Date(row.createdAt).toISOString())}</tr>`
    )
    .join('\n')
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Emporia dev mailbox</title>',
    '<style>body{font-family:sans-serif;margin:24px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>',
    '</head><body><h1>Emporia dev mailbox</h1>',
    `<p>No MAIL_URL is set, so mail stays in the outbox. The latest ${LATEST}, newest first.</p>`,
    '<table><thead><tr><th>To</th><th>Subject</th><th>Type</th><th>Status</th><th>Date</th></tr></thead><tbody>',
    body || '<tr><td colspan="5">No mail yet.</td></tr>',
    '</tbody></table></body></html>'
  ].join('\n')
}

/**
 * GET /api/dev/mailbox (HTML list), /api/dev/mailbox.json (`?to=` filters by recipient) and
 * /api/dev/mailbox/<id> (the mail's HTML). It shows every code sent, so it is mounted only with
 * DEV_TOOLS=1 and no MAIL_URL, and even then answers only requests made on this machine (decision 0067).
 */
export const devMailbox =
  (knex: Knex) =>
  async (ctx: Context, next: Next): Promise<void> => {
    // The original URL, so the middleware works before or after the /api prefix is stripped.
    const path = new URL(ctx.originalUrl, 'http://localhost').pathname.replace(/\/+$/, '')
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      !(path === BASE || path.startsWith(`${BASE}/`) || path === `${BASE}.json`)
    ) {
      return next()
    }
    ctx.set(SECURITY_HEADERS)
    if (!fromThisMachine(ctx)) {
      ctx.status = 403
      ctx.body = {
        name: 'Forbidden',
        message: 'The dev mailbox answers only requests made on the server machine itself (loopback)',
        code: 403,
        className: 'forbidden'
      }
      return
    }
    const to = typeof ctx.query.to === 'string' && ctx.query.to ? ctx.query.to : undefined
    if (path === `${BASE}.json`) {
      ctx.body = await latest(knex, to)
      return
    }
    if (path === BASE) {
      ctx.type = 'text/html; charset=utf-8'
      ctx.body = listPage(await latest(knex, to))
      return
    }
    const id = path.slice(BASE.length + 1)
    const mail = isId(id)
      ? ((await knex(OUTBOX).select('_id', 'subject', 'status', 'html', 'text', 'values', 'sealed').where('_id', id).first()) as
          Stored | undefined)
      : undefined
    if (!mail) {
      ctx.status = 404
      ctx.body = { name: 'NotFound', message: `No mail ${id} in the outbox`, code: 404, className: 'not-found' }
      return
    }
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = bodyOf(mail).html
  }
