/*
 * Our interface to an accounting service (decision 0197). The rest of the code talks to this; only
 * `xero-provider.ts` knows the SDK. Money here is integer cents; the provider converts.
 */

export interface Tokens {
  accessToken: string
  refreshToken: string
  expiresAt: Date
}

export interface DocLine {
  description: string
  quantity: number
  /** Cents per unit, tax included (LineAmountTypes Inclusive); negative for a discount line. */
  unitAmount: number
  /** The line's total in cents, as our order has it. */
  lineAmount: number
  accountCode: string
  taxType: string
}

/** An invoice or a credit note as we push it. */
export interface AccountingDoc {
  /** The number there: our order number, or the credit note's own. Looked up before creating. */
  number: string
  /** Our record's id, in the document's reference. */
  reference: string
  /** YYYY-MM-DD */
  date: string
  contactId: string
  lines: DocLine[]
  total: number
}

export interface PushedDoc {
  id: string
  total: number
  amountPaid: number
}

export interface ContactDoc {
  /** Our company user's id, the contact's number there. */
  number: string
  name: string
  email: string | null
}

export interface PaymentDoc {
  target: { invoiceId: string } | { creditNoteId: string }
  amount: number
  date: string
  bankAccountId: string
  reference: string
}

export interface Named {
  id: string
  name: string
}

/** One organisation's books, with a valid access token. */
export interface AccountingSession {
  organisation(): Promise<Named>
  accounts(): Promise<{ id: string; code: string; name: string; type: string }[]>
  contacts(): Promise<Named[]>
  taxTypes(): Promise<{ type: string; name: string }[]>
  findInvoice(number: string): Promise<PushedDoc | null>
  createInvoice(doc: AccountingDoc, idempotencyKey: string): Promise<PushedDoc>
  findCreditNote(number: string): Promise<PushedDoc | null>
  createCreditNote(doc: AccountingDoc, idempotencyKey: string): Promise<PushedDoc>
  pay(payment: PaymentDoc, idempotencyKey: string): Promise<void>
  findContact(number: string): Promise<Named | null>
  saveContact(contact: ContactDoc, existingId: string | null, idempotencyKey: string): Promise<Named>
}

export interface AccountingProvider {
  readonly name: string
  consentUrl(input: { state: string; challenge: string; redirectUri: string }): Promise<string>
  exchange(input: { code: string; verifier: string; redirectUri: string; state: string }): Promise<Tokens>
  refresh(refreshToken: string): Promise<Tokens>
  revoke(refreshToken: string): Promise<void>
  tenants(accessToken: string): Promise<Named[]>
  session(accessToken: string, tenantId: string): AccountingSession
}

/** Why a call failed, as a translation key the screen shows, and what the sync does about it. */
export type AccountingErrorKey =
  | 'accounting.unauthorized'
  | 'accounting.needsReconnect'
  | 'accounting.rateLimited'
  | 'accounting.rejected'
  | 'accounting.unreachable'
  | 'accounting.waitingInvoice'

export class AccountingError extends Error {
  constructor(
    readonly key: AccountingErrorKey,
    message: string,
    readonly retryAfterSeconds?: number
  ) {
    super(message)
    this.name = 'AccountingError'
  }
}
