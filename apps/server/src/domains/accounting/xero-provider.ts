import { Issuer, type Client, type TokenSet } from 'openid-client'
import { Contact, CreditNote, Invoice, LineAmountTypes, XeroClient, type Account, type LineItem, type Payment } from 'xero-node'
import {
  AccountingError,
  type AccountingDoc,
  type AccountingProvider,
  type AccountingSession,
  type PushedDoc,
  type Tokens
} from './provider'

/*
 * Xero through its official SDK, `xero-node` (decision 0197). The SDK names Xero's hosts itself; here
 * the identity service is discovered at `identityBase` and the API read at `apiBase`, so tests point both
 * at a local double (XERO_IDENTITY_BASE, XERO_API_BASE). Sign-in is OAuth 2 with PKCE (the SDK's own
 * openid-client, asked for a code challenge), without the `openid` scope: no ID token is needed.
 */

export interface XeroSettings {
  clientId: string
  clientSecret?: string
  identityBase: string
  apiBase: string
}

const SCOPES = ['offline_access', 'accounting.transactions', 'accounting.contacts', 'accounting.settings']
/** How many times a call answered 429 is tried again after its Retry-After (at most 10 s each). */
const RATE_RETRIES = 3

const money = (cents: number) => cents / 100
const cents = (amount: number | undefined) => Math.round((amount ?? 0) * 100)
const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`

/** The SDK's failure as one of ours: its API rejects with a JSON text, its identity calls with errors. */
export const asAccountingError = (error: unknown): AccountingError => {
  if (error instanceof AccountingError) return error
  let parsed: unknown = error
  if (typeof error === 'string')
    try {
      parsed = JSON.parse(error)
    } catch {
      parsed = { message: error }
    }
  const value = parsed as {
    error?: string
    response?: { statusCode?: number; status?: number; headers?: Record<string, string> }
    message?: string
  }
  if (value.error === 'invalid_grant') return new AccountingError('accounting.needsReconnect', 'The connection was revoked')
  const status = value.response?.statusCode ?? value.response?.status ?? 0
  if (status === 401 || status === 403) return new AccountingError('accounting.unauthorized', 'The access token was refused')
  if (status === 429) {
    const after = Number(value.response?.headers?.['retry-after'] ?? 1)
    return new AccountingError('accounting.rateLimited', 'Too many calls', Number.isFinite(after) ? after : 1)
  }
  if (status >= 400 && status < 500) return new AccountingError('accounting.rejected', `Refused (${status})`)
  return new AccountingError('accounting.unreachable', value.message ?? `Unavailable (${status})`)
}

/** A call, again after Retry-After when the provider says too many. */
const patiently = async <T>(call: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      const failure = asAccountingError(error)
      if (failure.key !== 'accounting.rateLimited' || attempt >= RATE_RETRIES) throw failure
      const seconds = Math.min(Math.max(failure.retryAfterSeconds ?? 1, 0), 10)
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    }
  }
}

const tokensOf = (set: TokenSet): Tokens => {
  if (!set.access_token || !set.refresh_token) throw new AccountingError('accounting.rejected', 'No tokens were issued')
  const expiresAt = set.expires_at ? new Date(set.expires_at * 1000) : new Date(Date.now() + 30 * 60_000)
  return { accessToken: set.access_token, refreshToken: set.refresh_token, expiresAt }
}

/** The SDK's client, its identity service discovered at our base instead of Xero's fixed host. */
class BasedXeroClient extends XeroClient {
  constructor(
    private readonly settings: XeroSettings,
    private readonly issuer: () => Promise<Issuer<Client>>
  ) {
    super({ clientId: settings.clientId, clientSecret: settings.clientSecret ?? '', scopes: SCOPES, redirectUris: [] })
    this.accountingApi.basePath = `${settings.apiBase}/api.xro/2.0`
  }

  override async initialize() {
    const issuer = await this.issuer()
    this.openIdClient = new issuer.Client({
      client_id: this.settings.clientId,
      ...(this.settings.clientSecret ? { client_secret: this.settings.clientSecret } : {}),
      token_endpoint_auth_method: this.settings.clientSecret ? 'client_secret_basic' : 'none'
    })
    return this
  }

  async identity() {
    if (!this.openIdClient) await this.initialize()
    return this.openIdClient
  }

  /** The SDK's own authorised GET/DELETE (it calls Xero's fixed host for connections; we name ours). */
  query(method: 'GET' | 'DELETE', path: string) {
    const queryApi = (this as unknown as { queryApi(method: string, uri: string): Promise<{ body: unknown }> }).queryApi
    return queryApi.call(this, method, `${this.settings.apiBase}${path}`)
  }
}

const lineItems = (doc: AccountingDoc): LineItem[] =>
  doc.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitAmount: money(line.unitAmount),
    lineAmount: money(line.lineAmount),
    accountCode: line.accountCode,
    taxType: line.taxType
  }))

const pushed = (doc: { invoiceID?: string; creditNoteID?: string; total?: number; amountPaid?: number } | undefined) =>
  doc
    ? ({ id: (doc.invoiceID ?? doc.creditNoteID)!, total: cents(doc.total), amountPaid: cents(doc.amountPaid) } as PushedDoc)
    : null

export const xeroProvider = (settings: XeroSettings): AccountingProvider => {
  let discovered: Promise<Issuer<Client>> | undefined
  const issuer = () => {
    discovered ??= Issuer.discover(settings.identityBase).catch((error: unknown) => {
      discovered = undefined
      throw new AccountingError('accounting.unreachable', String(error))
    })
    return discovered
  }
  const client = (tokens?: Partial<Tokens>) => {
    const xero = new BasedXeroClient(settings, issuer)
    if (tokens?.accessToken) xero.setTokenSet({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken })
    return xero
  }

  const session = (accessToken: string, tenant: string): AccountingSession => {
    const api = client({ accessToken }).accountingApi
    const call = <T>(run: () => Promise<{ body: T }>) => patiently(async () => (await run()).body)
    return {
      organisation: async () => {
        const organisations = (await call(() => api.getOrganisations(tenant))).organisations ?? []
        return { id: organisations[0]?.organisationID ?? tenant, name: organisations[0]?.name ?? '' }
      },
      accounts: async () =>
        ((await call(() => api.getAccounts(tenant))).accounts ?? []).map((account: Account) => ({
          id: account.accountID ?? '',
          code: account.code ?? '',
          name: account.name ?? '',
          type: String(account.type ?? '')
        })),
      contacts: async () =>
        ((await call(() => api.getContacts(tenant))).contacts ?? []).map((contact) => ({
          id: contact.contactID ?? '',
          name: contact.name ?? ''
        })),
      taxTypes: async () =>
        ((await call(() => api.getTaxRates(tenant))).taxRates ?? []).map((rate) => ({
          type: rate.taxType ?? '',
          name: rate.name ?? ''
        })),
      findInvoice: async (number) =>
        pushed((await call(() => api.getInvoices(tenant, undefined, `InvoiceNumber==${quoted(number)}`))).invoices?.[0]),
      createInvoice: async (doc, key) => {
        const invoice: Invoice = {
          type: Invoice.TypeEnum.ACCREC,
          invoiceNumber: doc.number,
          reference: doc.reference,
          contact: { contactID: doc.contactId },
          date: doc.date,
          dueDate: doc.date,
          lineAmountTypes: LineAmountTypes.Inclusive,
          status: Invoice.StatusEnum.AUTHORISED,
          lineItems: lineItems(doc)
        }
        const made = await call(() => api.createInvoices(tenant, { invoices: [invoice] }, true, 4, key))
        return pushed(made.invoices?.[0])!
      },
      findCreditNote: async (number) =>
        pushed((await call(() => api.getCreditNotes(tenant, undefined, `CreditNoteNumber==${quoted(number)}`))).creditNotes?.[0]),
      createCreditNote: async (doc, key) => {
        const note: CreditNote = {
          type: CreditNote.TypeEnum.ACCRECCREDIT,
          creditNoteNumber: doc.number,
          reference: doc.reference,
          contact: { contactID: doc.contactId },
          date: doc.date,
          lineAmountTypes: LineAmountTypes.Inclusive,
          status: CreditNote.StatusEnum.AUTHORISED,
          lineItems: lineItems(doc)
        }
        const made = await call(() => api.createCreditNotes(tenant, { creditNotes: [note] }, true, 4, key))
        return pushed(made.creditNotes?.[0])!
      },
      pay: async (payment, key) => {
        const body: Payment = {
          ...('invoiceId' in payment.target
            ? { invoice: { invoiceID: payment.target.invoiceId } }
            : { creditNote: { creditNoteID: payment.target.creditNoteId } }),
          account: { accountID: payment.bankAccountId },
          amount: money(payment.amount),
          date: payment.date,
          reference: payment.reference
        }
        await call(() => api.createPayment(tenant, body, key))
      },
      findContact: async (number) => {
        const found = (await call(() => api.getContacts(tenant, undefined, `ContactNumber==${quoted(number)}`))).contacts?.[0]
        return found ? { id: found.contactID ?? '', name: found.name ?? '' } : null
      },
      saveContact: async (contact, existingId, key) => {
        const body: Contact = {
          ...(existingId ? { contactID: existingId } : {}),
          contactNumber: contact.number,
          name: contact.name,
          ...(contact.email ? { emailAddress: contact.email } : {}),
          contactStatus: Contact.ContactStatusEnum.ACTIVE
        }
        const saved = (await call(() => api.createContacts(tenant, { contacts: [body] }, true, key))).contacts?.[0]
        return { id: saved?.contactID ?? existingId ?? '', name: saved?.name ?? contact.name }
      }
    }
  }

  return {
    name: 'xero',
    consentUrl: async ({ state, challenge, redirectUri }) =>
      (await client().identity()).authorizationUrl({
        redirect_uri: redirectUri,
        scope: SCOPES.join(' '),
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256'
      }),
    exchange: async ({ code, verifier, redirectUri, state }) => {
      try {
        const identity = await client().identity()
        return tokensOf(await identity.oauthCallback(redirectUri, { code, state }, { state, code_verifier: verifier }))
      } catch (error) {
        throw asAccountingError(error)
      }
    },
    refresh: async (refreshToken) => {
      const xero = client({ accessToken: 'expired', refreshToken })
      await xero.identity()
      try {
        return tokensOf(await xero.refreshToken())
      } catch (error) {
        throw asAccountingError(error)
      }
    },
    revoke: async (refreshToken) => {
      const xero = client({ accessToken: 'revoking', refreshToken })
      await xero.identity()
      await xero.revokeToken().catch(() => undefined)
    },
    tenants: async (accessToken) => {
      const body = (await patiently(() => client({ accessToken }).query('GET', '/connections'))).body as {
        tenantId: string
        tenantName: string
      }[]
      return body.map((tenant) => ({ id: tenant.tenantId, name: tenant.tenantName }))
    },
    session
  }
}
