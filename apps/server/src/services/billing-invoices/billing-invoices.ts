import { NotFound } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type BillingInvoice, type Page } from '@emporia/shared'
import { toInvoice, type InvoiceRow } from '../../domains/billing/payments/invoices'
import { shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'

const whole = (value: unknown, fallback: number, max: number) => {
  const number = Number(value)
  return Number.isInteger(number) && number >= 0 ? Math.min(number, max) : fallback
}

/**
 * `billing/invoices` find and get (decision 0130): the shop's Emporia invoices, newest first. Written only by
 * the payment's transaction (domains/billing/payments/settle.ts), never changed.
 */
export const billingInvoices = (context: ServiceContext) => (app: Application) => {
  const knex = context.db.knex
  const { paginate } = context.records
  const service = {
    async find(params: RecordParams = {}): Promise<Page<BillingInvoice>> {
      const shop = shopOf(params)
      const query = (params.query ?? {}) as Record<string, unknown>
      const limit = whole(query.$limit, paginate.default, paginate.max)
      const skip = whole(query.$skip, 0, Number.MAX_SAFE_INTEGER)
      const [{ count }] = (await knex('billingInvoices').where({ shop }).count({ count: '*' })) as { count: string | number }[]
      const rows = (await knex('billingInvoices')
        .where({ shop })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: '_id', order: 'desc' }
        ])
        .limit(limit)
        .offset(skip)) as InvoiceRow[]
      return { total: Number(count), limit, skip, data: rows.map(toInvoice) }
    },
    async get(id: string, params: RecordParams = {}): Promise<BillingInvoice> {
      const shop = shopOf(params)
      const row = isObjectId(id)
        ? ((await knex('billingInvoices').where({ shop, _id: id }).first()) as InvoiceRow | undefined)
        : undefined
      if (!row) throw new NotFound(`No record found for id '${id}'`)
      return toInvoice(row)
    }
  }
  registerShopPath(app, context.directory, servicePaths.billingInvoices, service, ['find', 'get'])
}
