import { NotFound } from '@feathersjs/errors'
import type { Application, HookContext, Id, Params } from '@feathersjs/feathers'
import { servicePaths, type Subscription } from '@emporia/shared'
import { checkSubscriptionPatch, patchSubscription } from '../../domains/billing/subscription-patch'
import { loadSubscription, planByCode, toSubscription } from '../../domains/billing/subscriptions'
import type { ServiceContext } from '../../platform/http/service-context'
import { shopScoped, type ShopScope } from '../../platform/tenancy'

type Scoped = Params & Partial<ShopScope>

/**
 * The shop's subscription (decision 0129): `find {shop}` answers it in a one-element list, `get` and
 * `patch` take the shop's id (or the subscription's). An admin changes only `billingInfo` and
 * `autoRenew`; the rest moves by payment (billing/checkout), the billing sweep or an operator.
 */
export class BillingService {
  constructor(private readonly context: ServiceContext) {}

  async find(params: Scoped = {}): Promise<Subscription[]> {
    return [await loadSubscription(this.context.db.knex, this.shopOf(params), this.context.config)]
  }

  async get(id: Id, params: Scoped = {}): Promise<Subscription> {
    const subscription = await loadSubscription(this.context.db.knex, this.shopOf(params, id), this.context.config)
    if (String(id) !== subscription.shop && String(id) !== subscription._id) throw new NotFound('No such subscription')
    return subscription
  }

  async patch(id: Id | null, data: unknown, params: Scoped = {}): Promise<Subscription> {
    const shop = this.shopOf(params, id ?? undefined)
    const current = await this.get(id ?? shop, params)
    const patch = checkSubscriptionPatch(data)
    const row = await this.context.db.knex.transaction((trx) => patchSubscription(trx, current.shop, patch))
    return toSubscription(row, this.context.config, await planByCode(this.context.db.knex, row.plan))
  }

  private shopOf(params: Scoped, id?: Id): string {
    const shop =
      params.shop ?? (params.query as { shop?: string } | undefined)?.shop ?? (id === undefined ? undefined : String(id))
    if (!shop) throw new NotFound('No such subscription')
    return shop
  }
}

/** `PATCH billing/:shop` names its shop in the path: the scope check reads it from there when the query does not. */
const idNamesShop = (context: HookContext) => {
  const query = (context.params.query ?? {}) as Record<string, unknown>
  if (context.id !== undefined && context.id !== null && query.shop === undefined)
    context.params.query = { ...query, shop: String(context.id) }
}

export const billing = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.billing
  app.use(path, new BillingService(context), { methods: ['find', 'get', 'patch'] })
  app.service(path).hooks({ before: { all: [idNamesShop, ...shopScoped(context.directory, path)] } })
}
