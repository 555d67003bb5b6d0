import type { Knex } from 'knex'
import type { BillingInvoice } from '@emporia/shared'
import { newObjectId } from '../../../platform/http/object-id'

/** The next invoice number of the platform's one sequence (`EMP-000001`), taken in the payment's transaction. */
export const nextInvoiceNumber = async (trx: Knex.Transaction): Promise<string> => {
  const [row] = (await trx('billingCounters').where({ name: 'invoice' }).increment('value', 1).returning('value')) as {
    value: number | string
  }[]
  return `EMP-${String(Number(row.value)).padStart(6, '0')}`
}

export type InvoiceRow = BillingInvoice & { charge: string; updatedAt: string }

export const insertInvoice = async (
  trx: Knex.Transaction,
  invoice: Omit<InvoiceRow, '_id' | 'number' | 'createdAt' | 'updatedAt'>
): Promise<InvoiceRow> => {
  const number = await nextInvoiceNumber(trx)
  const [row] = (await trx('billingInvoices')
    .insert({
      ...invoice,
      _id: newObjectId(),
      number,
      planName: JSON.stringify(invoice.planName),
      billingInfo: invoice.billingInfo ? JSON.stringify(invoice.billingInfo) : null,
      card: invoice.card ? JSON.stringify(invoice.card) : null
    })
    .returning('*')) as InvoiceRow[]
  return row
}

/** The wire shape (shared `BillingInvoice`): the charge id and update time stay on the server. */
export const toInvoice = ({ charge: _charge, updatedAt: _updated, ...invoice }: InvoiceRow): BillingInvoice => invoice
