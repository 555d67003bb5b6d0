import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/*
 * The accounting integration (spec §3.1, decision 0197): one connection per shop to the accounting
 * service (Xero), the records pushed to it with a sync log row each, and the screen's view of both.
 * The tokens are shop secrets (write-only, sealed); nothing here carries them.
 */

const id = Type.String({ pattern: ID_PATTERN, readOnly: true })
const when = Type.Union([Type.String({ format: 'date-time' }), Type.Null()])
const text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()])

/** `disconnected`: the merchant disconnected; the row keeps the choices and where syncing resumes. */
export const accountingStates = ['connected', 'needsReconnect', 'disconnected'] as const
export type AccountingState = (typeof accountingStates)[number]

/** A shop's connection (`accountingConnections`, one per shop). */
export const accountingConnectionSchema = Type.Object(
  {
    _id: id,
    shop: id,
    status: Type.Union(accountingStates.map((state) => Type.Literal(state))),
    tenantId: text(64),
    tenantName: text(200),
    salesAccount: text(20),
    bankAccount: text(64),
    defaultContact: text(64),
    /** The tax rate type put on every line; HK has no sales tax: `NONE` (decision 0197). */
    taxType: Type.String({ maxLength: 40 }),
    /** Orders paid and refunds made from then on are pushed (set when the accounts are first chosen). */
    syncFrom: when,
    tokenExpiresAt: when,
    lastSyncAt: when,
    connectedBy: text(24),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'AccountingConnection', additionalProperties: false }
)
export type AccountingConnection = Static<typeof accountingConnectionSchema>

/** An authorization in progress (`accountingAuthStates`): the `state` sent to the provider, single use. */
export const accountingAuthStateSchema = Type.Object(
  {
    _id: id,
    shop: id,
    /** sha-256 of the state sent; the state itself is never stored. */
    stateHash: Type.String({ maxLength: 64 }),
    user: Type.String({ maxLength: 24 }),
    /** The PKCE verifier, sealed like a shop secret. */
    verifier: Type.String({ maxLength: 400 }),
    redirectUri: Type.String({ maxLength: 500 }),
    expiresAt: Type.String({ format: 'date-time' }),
    usedAt: when,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'AccountingAuthState', additionalProperties: false }
)

export const accountingSyncKinds = ['invoice', 'creditNote', 'contact'] as const
export type AccountingSyncKind = (typeof accountingSyncKinds)[number]
export const accountingSyncStatuses = ['pending', 'pushing', 'done', 'failed'] as const
export type AccountingSyncStatus = (typeof accountingSyncStatuses)[number]

/** The sync log (`accountingSyncs`): one row per record pushed (an order, a refund, a company user). */
export const accountingSyncSchema = Type.Object(
  {
    _id: id,
    shop: id,
    kind: Type.Union(accountingSyncKinds.map((kind) => Type.Literal(kind))),
    /** Our record: the order, the refund payment or the company user. */
    record: Type.String({ maxLength: 24 }),
    /** What the record is called there: the invoice or credit note number, the contact's name. */
    reference: Type.String({ maxLength: 200 }),
    status: Type.Union(accountingSyncStatuses.map((status) => Type.Literal(status))),
    externalId: text(64),
    /** Cents pushed (an invoice's or credit note's total); null for a contact. */
    amount: Type.Union([Type.Integer(), Type.Null()]),
    attempts: Type.Integer({ minimum: 0 }),
    /** The last failure as a translation key (`accounting.*`), null once pushed. */
    error: text(100),
    leaseUntil: when,
    syncedAt: when,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'AccountingSync', additionalProperties: false }
)
export type AccountingSync = Static<typeof accountingSyncSchema>

/** What `accounting/xero find` answers: the screen's whole view, never a token. */
export interface AccountingStatus {
  shop: string
  state: 'notConnected' | Exclude<AccountingState, 'disconnected'>
  /** Whether the operator set the provider's client (XERO_CLIENT_ID): without it Connect is off. */
  available: boolean
  organisation: string | null
  settings: { salesAccount: string | null; bankAccount: string | null; defaultContact: string | null; taxType: string }
  /** All four chosen: pushing runs. */
  ready: boolean
  lastSyncAt: string | null
  synced: number
  failed: number
  pending: number
  /** `create {action: 'connect'}` only: where the browser goes to sign in to the provider. */
  authorizeUrl?: string
  recent: Pick<AccountingSync, 'kind' | 'reference' | 'status' | 'error' | 'amount' | 'syncedAt' | 'updatedAt'>[]
}

/** `accounting/xero create {action: 'options'}`: what the merchant chooses from, read from the provider. */
export interface AccountingOptions {
  tenants: { id: string; name: string }[]
  salesAccounts: { code: string; name: string }[]
  bankAccounts: { id: string; name: string }[]
  contacts: { id: string; name: string }[]
  taxTypes: { type: string; name: string }[]
}

/** `accounting/xero create {action: 'choose', …}`: the organisation and accounts chosen. */
export const accountingSettingsSchema = Type.Object(
  {
    tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    salesAccount: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    bankAccount: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    defaultContact: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    taxType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 }))
  },
  { additionalProperties: false }
)
export type AccountingSettingsData = Static<typeof accountingSettingsSchema>

const action = <A extends string>(name: A) => Type.Object({ action: Type.Literal(name) }, { additionalProperties: false })

/**
 * `accounting/xero create`, the one way to change the connection (the status is `find`): start connecting
 * (the browser then goes to `authorizeUrl`), finish it with the callback's code and state, list what to
 * choose (answers AccountingOptions), choose, sync now, disconnect.
 */
export const accountingActionSchema = Type.Union([
  Type.Object({ action: Type.Literal('connect'), redirectUri: Type.String({ maxLength: 500 }) }, { additionalProperties: false }),
  Type.Object(
    {
      action: Type.Literal('callback'),
      code: Type.String({ minLength: 1, maxLength: 2000 }),
      state: Type.String({ minLength: 1, maxLength: 200 })
    },
    { additionalProperties: false }
  ),
  action('options'),
  Type.Composite([action('choose'), accountingSettingsSchema], { additionalProperties: false }),
  action('sync'),
  action('disconnect')
])
export type AccountingAction = Static<typeof accountingActionSchema>
