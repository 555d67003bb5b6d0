import type { Knex } from 'knex'
import type { AccountingSyncKind } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import { CONNECTIONS, isReady, readConnection, withSession, type ConnectionRow } from './connection'
import { contactOf, creditNoteOf, dayOf, invoiceOf, paidOf, type BookSettings, type OrderForBooks } from './documents'
import { AccountingError, type AccountingProvider, type AccountingSession } from './provider'

/*
 * Pushing a shop's records (decision 0197). Each record has one row in the sync log (`accountingSyncs`,
 * unique per shop, kind and record). A run claims a row with one conditional update (pending or failed,
 * or a `pushing` whose lease ran out), so two runs never push the same record at once; the push itself
 * looks the document up by its number first and sends an idempotency key, so a run that died between
 * pushing and writing `done` finds its document and does not make a second one.
 */

export const SYNCS = 'accountingSyncs'
/** A record that failed this often waits for the merchant's "Sync now". */
export const MAX_ATTEMPTS = 8
const LEASE_MS = 5 * 60_000
const BATCH = 50

export interface SyncDeps {
  knex: Knex
  provider: AccountingProvider
  now: () => Date
}

type SyncRow = { _id: string; kind: AccountingSyncKind; record: string; attempts: number }
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T))

/** Every record due to be pushed gets its pending row (what exists stays). */
const enlist = async (knex: Knex, shop: string, from: Date) => {
  const seen = (kind: AccountingSyncKind, column: string) =>
    knex(SYNCS).where({ shop, kind }).whereRaw(`"record" = ${column}`).select(knex.raw('1'))
  const companies = (await knex('companyUsers')
    .where({ shop })
    .whereNotExists(seen('contact', '"companyUsers"."_id"'))
    .select('_id', 'name')
    .limit(BATCH)) as { _id: string; name: string }[]
  const orders = (await knex('orders')
    .where({ shop })
    .whereNotIn('status', ['unpaid', 'void'])
    .whereExists(
      knex('payments')
        .whereRaw('"payments"."order" = "orders"."_id"')
        .where('payments.status', 'paid')
        .where('payments.amount', '>', 0)
        .where('payments.date', '>=', from)
        .select(knex.raw('1'))
    )
    .whereNotExists(seen('invoice', '"orders"."_id"'))
    .select('_id', 'orderId')
    .limit(BATCH)) as { _id: string; orderId: string }[]
  const refunds = (await knex('payments')
    .where({ shop, status: 'refunded' })
    .where('amount', '<', 0)
    .where('date', '>=', from)
    .whereNotExists(seen('creditNote', '"payments"."_id"'))
    .select('_id', 'orderId')
    .limit(BATCH)) as { _id: string; orderId: string | null }[]
  const rows = [
    ...companies.map((row) => ({ kind: 'contact', record: row._id, reference: row.name })),
    ...orders.map((row) => ({ kind: 'invoice', record: row._id, reference: row.orderId })),
    ...refunds.map((row) => ({ kind: 'creditNote', record: row._id, reference: row.orderId ?? '' }))
  ]
  for (const row of rows)
    await knex(SYNCS)
      .insert({ _id: newObjectId(), shop, ...row, status: 'pending', attempts: 0, amount: null, error: null })
      .onConflict(['shop', 'kind', 'record'])
      .ignore()
}

/** Takes a row for this run, or answers null when another run has it or it is done. */
const claim = async (deps: SyncDeps, shop: string, id: string) => {
  const now = deps.now()
  const [row] = (await deps
    .knex(SYNCS)
    .where({ shop, _id: id })
    .where((q) =>
      q
        .where((w) => w.whereIn('status', ['pending', 'failed']).where('attempts', '<', MAX_ATTEMPTS))
        .orWhere((w) => w.where('status', 'pushing').where('leaseUntil', '<', now))
    )
    .update({ status: 'pushing', leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .returning(['_id', 'kind', 'record', 'attempts'])) as SyncRow[]
  return row ?? null
}

const finish = (deps: SyncDeps, id: string, change: Record<string, unknown>) =>
  deps
    .knex(SYNCS)
    .where({ _id: id })
    .update({ ...change, leaseUntil: null, updatedAt: deps.now() })

/** Pushes one record; answers what was pushed (its id there and the cents). */
const push = async (deps: SyncDeps, shop: string, row: SyncRow, conn: ConnectionRow, books: AccountingSession) => {
  const settings: BookSettings = { salesAccount: conn.salesAccount!, defaultContact: conn.defaultContact!, taxType: conn.taxType }
  const key = (step: string) => `${shop}:${row.kind}:${row.record}:${step}`
  if (row.kind === 'contact') {
    const company = await deps.knex('companyUsers').where({ shop, _id: row.record }).first('_id', 'name', 'email')
    if (!company) return { externalId: null, amount: null }
    const doc = contactOf(company as { _id: string; name: string; email: string | null })
    const found = await books.findContact(doc.number)
    const saved = found ?? (await books.saveContact(doc, null, key('contact')))
    return { externalId: saved.id, amount: null }
  }
  if (row.kind === 'invoice') {
    const order = (await deps.knex('orders').where({ shop, _id: row.record }).first()) as OrderForBooks
    order.products = json(order.products)
    order.shipping = json(order.shipping ?? null)
    const doc = invoiceOf(order, settings)
    const invoice = (await books.findInvoice(doc.number)) ?? (await books.createInvoice(doc, key('invoice')))
    const paid = paidOf(order)
    if (paid > invoice.amountPaid)
      await books.pay(
        {
          target: { invoiceId: invoice.id },
          amount: paid - invoice.amountPaid,
          date: doc.date,
          bankAccountId: conn.bankAccount!,
          reference: order.orderId
        },
        key(`payment-${invoice.amountPaid}`)
      )
    return { externalId: invoice.id, amount: doc.total }
  }
  const refund = (await deps.knex('payments').where({ shop, _id: row.record }).first('_id', 'amount', 'date', 'order')) as {
    _id: string
    amount: number
    date: Date
    order: string
  }
  const invoiced = await deps.knex(SYNCS).where({ shop, kind: 'invoice', record: refund.order, status: 'done' }).first('_id')
  if (!invoiced) throw new AccountingError('accounting.waitingInvoice', 'The order’s invoice is not pushed yet')
  const order = (await deps.knex('orders').where({ shop, _id: refund.order }).first('orderId')) as { orderId: string }
  const doc = creditNoteOf(order, refund, settings)
  const note = (await books.findCreditNote(doc.number)) ?? (await books.createCreditNote(doc, key('creditNote')))
  if (note.amountPaid < doc.total)
    await books.pay(
      {
        target: { creditNoteId: note.id },
        amount: doc.total - note.amountPaid,
        date: dayOf(refund.date),
        bankAccountId: conn.bankAccount!,
        reference: doc.number
      },
      key(`refund-${note.amountPaid}`)
    )
  return { externalId: note.id, amount: doc.total }
}

const ORDER: AccountingSyncKind[] = ['contact', 'invoice', 'creditNote']

/**
 * One run for a shop: enlists what is due, then pushes contacts, invoices and credit notes in that order.
 * Answers how many were pushed. A revoked connection stops the run with the record back to pending
 * (it waits for the reconnect); a rate limit or an outage stops it with the record failed and throws,
 * so the job is retried with backoff.
 */
export const syncShop = async (deps: SyncDeps, shop: string): Promise<number> => {
  const conn = await readConnection(deps.knex, shop)
  // What is due is written down even while the connection waits for a reconnect: it shows as pending.
  if (conn?.syncFrom) await enlist(deps.knex, shop, new Date(conn.syncFrom))
  if (!isReady(conn)) return 0
  const due = (await deps
    .knex(SYNCS)
    .where({ shop })
    .where((q) =>
      q
        .where((w) => w.whereIn('status', ['pending', 'failed']).where('attempts', '<', MAX_ATTEMPTS))
        .orWhere((w) => w.where('status', 'pushing').where('leaseUntil', '<', deps.now()))
    )
    .orderBy('createdAt')
    .orderBy('_id')
    .limit(BATCH)
    .select('_id', 'kind')) as { _id: string; kind: AccountingSyncKind }[]
  due.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
  let pushed = 0
  const run = withSession(deps.knex, deps.provider, shop, conn.tenantId!, deps.now, async (books) => {
    for (const { _id } of due) {
      const row = await claim(deps, shop, _id)
      if (!row) continue
      try {
        const result = await push(deps, shop, row, conn, books)
        await finish(deps, row._id, { ...result, status: 'done', error: null, attempts: row.attempts + 1, syncedAt: deps.now() })
        pushed++
      } catch (error) {
        const failure = error instanceof AccountingError ? error : null
        if (failure?.key === 'accounting.unauthorized' || failure?.key === 'accounting.needsReconnect') {
          await finish(deps, row._id, { status: 'pending' })
          throw error
        }
        const key = failure?.key ?? 'accounting.unreachable'
        await finish(deps, row._id, {
          status: failure?.key === 'accounting.waitingInvoice' ? 'pending' : 'failed',
          error: key,
          attempts: row.attempts + 1
        })
        if (key === 'accounting.rateLimited' || key === 'accounting.unreachable') throw error
      }
    }
  })
  try {
    await run
  } catch (error) {
    // Revoked: the connection says so (connection.ts) and everything waits, pending, for the reconnect.
    if (!(error instanceof AccountingError && error.key === 'accounting.needsReconnect')) throw error
  }
  await deps.knex(CONNECTIONS).where({ shop }).update({ lastSyncAt: deps.now() })
  return pushed
}

/** The merchant's "Sync now": failed records get their tries back. */
export const retryFailed = (knex: Knex, shop: string) => knex(SYNCS).where({ shop, status: 'failed' }).update({ attempts: 0 })
