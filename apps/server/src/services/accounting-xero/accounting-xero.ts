import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { noEvent } from '../../domains/stock/service-support'
import { readConnection } from '../../domains/accounting/connection'
import { ACCOUNTING_SYNC_JOB, defineAccountingJobs } from '../../domains/accounting/sync-job'
import { syncShop, type SyncDeps } from '../../domains/accounting/sync'
import { xeroProvider } from '../../domains/accounting/xero-provider'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { AccountingXeroService } from './accounting-xero.class'

/** Order states that follow a payment: an order in one of them has been paid (spec §9.8). */
const PAID = new Set(['paid', 'prepare', 'collect', 'shipped', 'received', 'done', 'refunded'])

/**
 * The accounting integration (decision 0197): the service, its jobs, and the triggers: an order paid
 * or a refund made in a connected shop sends the shop's sync job once the change is committed (the
 * services' events); the minute's sweep catches whatever a trigger missed.
 */
export const accountingXero = (context: ServiceContext) => (app: Application) => {
  const knex = context.db.knex
  const { clientId, clientSecret, identityBase, apiBase } = context.config.xero
  const provider = clientId ? xeroProvider({ clientId, clientSecret, identityBase, apiBase }) : null
  const now = () => context.clock.now()
  const jobs = context.jobs
  const sync = async (shop: string) => {
    if (!provider) return
    if (jobs) jobs.wake(ACCOUNTING_SYNC_JOB, { shop })
    else
      await syncShop(deps, shop).catch((error: unknown) => context.logger.error({ err: error, shop }, 'accounting sync failed'))
  }
  const deps: SyncDeps = { knex, provider: provider!, now }
  if (jobs && provider) defineAccountingJobs(jobs, deps)
  const service = new AccountingXeroService({ knex, provider, now, sync })
  registerShopPath(app, context.directory, servicePaths.accountingXero, service, ['find', 'create'])
  app.service(servicePaths.accountingXero).hooks({ after: { create: [noEvent] } })

  if (!provider) return
  const trigger = (record: { shop?: string; status?: string }, paid: (status: string) => boolean) => {
    if (!record?.shop || !record.status || !paid(record.status)) return
    const shop = record.shop
    void readConnection(knex, shop)
      .then((row) => (row?.status === 'connected' && row.syncFrom ? sync(shop) : undefined))
      .catch(() => undefined)
  }
  const onOrder = (order: { shop?: string; status?: string }) => trigger(order, (status) => PAID.has(status))
  const onPayment = (payment: { shop?: string; status?: string }) =>
    trigger(payment, (status) => status === 'paid' || status === 'refunded')
  app.service(servicePaths.orders).on('created', onOrder)
  app.service(servicePaths.orders).on('patched', onOrder)
  app.service(servicePaths.payments).on('created', onPayment)
  app.service(servicePaths.payments).on('patched', onPayment)
}
