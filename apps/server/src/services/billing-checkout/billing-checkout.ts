import type { Application } from '@feathersjs/feathers'
import { servicePaths, type BillingCheckout, type BillingCheckoutData } from '@emporia/shared'
import { checkout } from '../../domains/billing/payments/checkout'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { fieldsOf } from '../../platform/records/validate-data'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { auditUser } from '../../domains/audit/audit-log'

/**
 * `billing/checkout` create `{shop, action, plan?}` (decision 0130): the shop's admin pays for a plan by card
 * on the platform's Stripe account. Answers the charge's client secret for Stripe.js, or `charge: null` when
 * nothing is paid (a downgrade booked for the period end, free months).
 */
export const billingCheckout = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: BillingCheckoutData, params: RecordParams = {}): Promise<BillingCheckout> {
      const fields = fieldsOf(data)
      return checkout({ app, context, user: auditUser(params) }, shopOf(params), {
        shop: shopOf(params),
        action: fields.action as BillingCheckoutData['action'],
        ...(fields.plan !== undefined ? { plan: fields.plan as string } : {})
      })
    }
  }
  registerShopPath(app, context.directory, servicePaths.billingCheckout, service, ['create'])
  // The shop's own `patched` event announces a contract that moved; the answer carries a client secret.
  app.service(servicePaths.billingCheckout).hooks({ after: { create: [noEvent] } })
}
