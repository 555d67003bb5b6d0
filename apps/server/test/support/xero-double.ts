import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A local double of Xero (decision 0197) for server and browser tests: its identity service (discovery,
 * authorize — approving at once with a redirect —, token with PKCE, revocation), `/connections` and the
 * accounting API's Accounts, Contacts, TaxRates, Invoices, CreditNotes, Payments and Organisation. It
 * honours Idempotency-Key, expires access tokens after `tokenSeconds`, rotates refresh tokens (a spent one
 * is refused), and answers 429 with Retry-After for the next `rateLimit(n)` API calls.
 * The server uses it through XERO_IDENTITY_BASE = `${url}/identity` and XERO_API_BASE = `url`.
 */

type Doc = Record<string, unknown>
export interface XeroDoubleState {
  invoices: Doc[]
  creditNotes: Doc[]
  payments: Doc[]
  contacts: Doc[]
  /** Create calls, idempotent replays included: proves a second run did not create again. */
  creates: { path: string; key: string | null }[]
  tokenCalls: { grant: string }[]
  /** Every access and refresh token issued: a test proves no answer of ours carries one. */
  issued: string[]
}

export interface XeroDouble {
  url: string
  identityBase: string
  apiBase: string
  clientId: string
  state: XeroDoubleState
  tenant: { id: string; name: string }
  /** The next `count` API calls answer 429. */
  rateLimit(count: number, retryAfter?: number): void
  /** Every token is revoked, as a user removing the app in Xero does. */
  revokeAll(): void
  /** Every access token expires now. */
  expireAccessTokens(): void
  close(): Promise<void>
}

const CLIENT_ID = 'emporia-double-client'

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => resolve(body))
  })

export const startXeroDouble = async (options: { port?: number; tokenSeconds?: number } = {}): Promise<XeroDouble> => {
  const tokenSeconds = options.tokenSeconds ?? 1800
  const tenant = { id: randomUUID(), name: 'Harbour Tea Ltd' }
  const state: XeroDoubleState = {
    invoices: [],
    creditNotes: [],
    payments: [],
    contacts: [],
    creates: [],
    tokenCalls: [],
    issued: []
  }
  const codes = new Map<string, { challenge: string; redirectUri: string }>()
  const access = new Map<string, number>()
  const refresh = new Set<string>()
  const replies = new Map<string, unknown>()
  let limited = 0
  let retryAfter = 1
  const bank = { accountID: randomUUID(), code: '090', name: 'Business Bank Account', type: 'BANK' }
  const accounts = [
    { accountID: randomUUID(), code: '200', name: 'Sales', type: 'REVENUE' },
    { accountID: randomUUID(), code: '260', name: 'Other Revenue', type: 'REVENUE' },
    bank
  ]
  state.contacts.push({ ContactID: randomUUID(), Name: 'Cash Sales', ContactNumber: null })

  let base = ''
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
  const issue = () => {
    const token = { access_token: randomBytes(16).toString('hex'), refresh_token: randomBytes(16).toString('hex') }
    access.set(token.access_token, Date.now() + tokenSeconds * 1000)
    refresh.add(token.refresh_token)
    state.issued.push(token.access_token, token.refresh_token)
    return { ...token, expires_in: tokenSeconds, token_type: 'Bearer', scope: 'offline_access accounting.transactions' }
  }
  const total = (lines: Doc[]) =>
    Math.round(
      lines.reduce((sum, line) => sum + Number(line.LineAmount ?? Number(line.Quantity) * Number(line.UnitAmount)), 0) * 100
    ) / 100
  const matches = (docs: Doc[], where: string | null) => {
    const match = where ? /^(\w+)=="(.*)"$/.exec(where) : null
    return match ? docs.filter((doc) => String(doc[match[1]]) === match[2]) : docs
  }

  const identity = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname.slice('/identity'.length)
    if (path === '/.well-known/openid-configuration')
      return send(res, 200, {
        issuer: `${base}/identity`,
        authorization_endpoint: `${base}/identity/connect/authorize`,
        token_endpoint: `${base}/identity/connect/token`,
        revocation_endpoint: `${base}/identity/connect/revocation`,
        jwks_uri: `${base}/identity/.well-known/openid-configuration/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256']
      })
    if (path === '/connect/authorize') {
      const q = url.searchParams
      const redirectUri = q.get('redirect_uri') ?? ''
      if (q.get('client_id') !== CLIENT_ID || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        return send(res, 400, { error: 'invalid_request' })
      const code = randomBytes(12).toString('hex')
      codes.set(code, { challenge: q.get('code_challenge')!, redirectUri })
      const to = new URL(redirectUri)
      to.searchParams.set('code', code)
      to.searchParams.set('state', q.get('state') ?? '')
      res.writeHead(302, { location: to.toString() })
      return res.end()
    }
    const form = new URLSearchParams(await read(req))
    if (path === '/connect/revocation') {
      refresh.delete(form.get('token') ?? '')
      return send(res, 200, {})
    }
    if (path === '/connect/token') {
      const grant = form.get('grant_type') ?? ''
      state.tokenCalls.push({ grant })
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '')
        codes.delete(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        const challenge = createHash('sha256').update(verifier).digest('base64url')
        if (!code || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri'))
          return send(res, 400, { error: 'invalid_grant' })
        return send(res, 200, issue())
      }
      if (grant === 'refresh_token') {
        const token = form.get('refresh_token') ?? ''
        if (!refresh.delete(token)) return send(res, 400, { error: 'invalid_grant' })
        return send(res, 200, issue())
      }
      return send(res, 400, { error: 'unsupported_grant_type' })
    }
    return send(res, 404, {})
  }

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const expires = access.get(token)
    if (!expires || expires < Date.now()) return send(res, 401, { Title: 'Unauthorized', Detail: 'TokenExpired' })
    if (limited > 0) {
      limited--
      return send(res, 429, { Title: 'Too Many Requests' }, { 'retry-after': String(retryAfter) })
    }
    if (url.pathname === '/connections')
      return send(res, 200, [{ id: randomUUID(), tenantId: tenant.id, tenantType: 'ORGANISATION', tenantName: tenant.name }])
    if (req.headers['xero-tenant-id'] !== tenant.id) return send(res, 403, { Title: 'Forbidden' })
    const resource = url.pathname.replace('/api.xro/2.0/', '')
    const where = url.searchParams.get('where')
    if (req.method === 'GET') {
      if (resource === 'Organisation')
        return send(res, 200, { Organisations: [{ OrganisationID: tenant.id, Name: tenant.name }] })
      if (resource === 'Accounts')
        return send(res, 200, {
          Accounts: accounts.map((a) => ({ AccountID: a.accountID, Code: a.code, Name: a.name, Type: a.type }))
        })
      if (resource === 'TaxRates') return send(res, 200, { TaxRates: [{ TaxType: 'NONE', Name: 'No Tax' }] })
      if (resource === 'Contacts') return send(res, 200, { Contacts: matches(state.contacts, where) })
      if (resource === 'Invoices') return send(res, 200, { Invoices: matches(state.invoices, where) })
      if (resource === 'CreditNotes') return send(res, 200, { CreditNotes: matches(state.creditNotes, where) })
      return send(res, 404, {})
    }
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null
    state.creates.push({ path: resource, key })
    if (key && replies.has(`${resource}:${key}`)) return send(res, 200, replies.get(`${resource}:${key}`))
    const body = JSON.parse((await read(req)) || '{}') as Doc
    let reply: unknown
    if (resource === 'Invoices' || resource === 'CreditNotes') {
      const list = resource === 'Invoices' ? state.invoices : state.creditNotes
      const docs = (body[resource] as Doc[]).map((doc) => {
        const number = resource === 'Invoices' ? 'InvoiceNumber' : 'CreditNoteNumber'
        if (list.some((other) => other[number] === doc[number])) return null
        const made = {
          ...doc,
          [resource === 'Invoices' ? 'InvoiceID' : 'CreditNoteID']: randomUUID(),
          Total: total(doc.LineItems as Doc[]),
          AmountPaid: 0
        }
        list.push(made)
        return made
      })
      if (docs.includes(null)) return send(res, 400, { Type: 'ValidationException', Message: 'Number must be unique' })
      reply = { [resource]: docs }
    } else if (resource === 'Payments') {
      const payments = (body.Payments as Doc[] | undefined) ?? [body]
      for (const payment of payments) {
        const invoiceId = (payment.Invoice as Doc | undefined)?.InvoiceID
        const noteId = (payment.CreditNote as Doc | undefined)?.CreditNoteID
        const doc = invoiceId
          ? state.invoices.find((item) => item.InvoiceID === invoiceId)
          : state.creditNotes.find((item) => item.CreditNoteID === noteId)
        if (!doc) return send(res, 400, { Type: 'ValidationException', Message: 'No such document' })
        doc.AmountPaid = Math.round((Number(doc.AmountPaid) + Number(payment.Amount)) * 100) / 100
        state.payments.push({ ...payment, PaymentID: randomUUID() })
      }
      reply = { Payments: payments }
    } else if (resource === 'Contacts') {
      const contacts = (body.Contacts as Doc[]).map((contact) => {
        const existing = state.contacts.find((item) => item.ContactID === contact.ContactID)
        if (existing) return Object.assign(existing, contact)
        const made = { ...contact, ContactID: randomUUID() }
        state.contacts.push(made)
        return made
      })
      reply = { Contacts: contacts }
    } else return send(res, 404, {})
    if (key) replies.set(`${resource}:${key}`, reply)
    return send(res, 200, reply)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base)
    if (url.pathname === '/_double/state') return send(res, 200, state)
    const handle = url.pathname.startsWith('/identity') ? identity : api
    handle(req, res, url).catch((error: unknown) => send(res, 500, { error: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    identityBase: `${base}/identity`,
    apiBase: base,
    clientId: CLIENT_ID,
    state,
    tenant,
    rateLimit: (count, after = 1) => {
      limited = count
      retryAfter = after
    },
    revokeAll: () => {
      access.clear()
      refresh.clear()
    },
    expireAccessTokens: () => {
      for (const token of access.keys()) access.set(token, 0)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
