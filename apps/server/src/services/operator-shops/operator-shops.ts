import { authenticate } from '@feathersjs/authentication'
import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths, type OperatorShopRow, type Page } from '@emporia/shared'
import { requireOperator } from '../../domains/billing/operator/require-operator'
import { listOperatorShops, shopListQuery } from '../../domains/billing/operator/shop-list'
import type { ServiceContext } from '../../platform/http/service-context'

/**
 * The operator console's shops (decision 0131): every shop with its plan and payments, for the
 * platform's operators. Not shop-scoped: an operator is no shop's member and reads past the wall.
 */
export class OperatorShopsService {
  constructor(private readonly context: ServiceContext) {}

  async find(params: Params = {}): Promise<Page<OperatorShopRow>> {
    const query = shopListQuery(params.query, this.context.records.paginate)
    return listOperatorShops(this.context.db.knex, query)
  }
}

export const operatorShops = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.operatorShops, new OperatorShopsService(context), { methods: ['find'], events: [] })
  app.service(servicePaths.operatorShops).hooks({ before: { all: [authenticate('jwt'), requireOperator(context.config)] } })
}
