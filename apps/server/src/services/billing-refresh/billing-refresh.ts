import type { Application } from '@feathersjs/feathers'
import { servicePaths, type BillingRefreshData, type Subscription } from '@emporia/shared'
import { refreshPending } from '../../domains/billing/payments/checkout'
import { loadSubscription } from '../../domains/billing/subscriptions'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'

/**
 * `billing/refresh` create `{shop}` (decision 0130): re-reads every pending charge's intent from the platform's
 * provider and applies what paid or failed (a webhook that never came, or the page right after Stripe.js
 * confirmed the card). Answers the subscription.
 */
export const billingRefresh = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(_data: BillingRefreshData, params: RecordParams = {}): Promise<Subscription> {
      const shop = shopOf(params)
      // Only a pending charge needs the provider (and its keys: 503 billing.notConfigured without them).
      if (context.config.billing) await refreshPending({ app, context }, shop)
      return loadSubscription(context.db.knex, shop, context.config)
    }
  }
  registerShopPath(app, context.directory, servicePaths.billingRefresh, service, ['create'])
  app.service(servicePaths.billingRefresh).hooks({ after: { create: [noEvent] } })
}
