import { authenticate } from '@feathersjs/authentication'
import { BadRequest } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type OperatorAction, type OperatorActionData, type Page } from '@emporia/shared'
import { announceShopChange } from '../../domains/billing/entitlement'
import { listOperatorActions } from '../../domains/billing/operator/operator-log'
import { operatorOf, requireOperator } from '../../domains/billing/operator/require-operator'
import { checkActionData, runOperatorAction } from '../../domains/billing/operator/shop-actions'
import { shopListQuery } from '../../domains/billing/operator/shop-list'
import type { ServiceContext } from '../../platform/http/service-context'

/**
 * The operator log and the operators' actions on shops (decision 0131): find reads the log, newest
 * first; create extends a trial or grants a plan, recorded in the same transaction. Not shop-scoped.
 */
export class OperatorActionsService {
  constructor(
    private readonly app: Application,
    private readonly context: ServiceContext
  ) {}

  async find(params: Params = {}): Promise<Page<OperatorAction>> {
    const { shop, ...page } = (params.query ?? {}) as Record<string, unknown>
    if (shop !== undefined && !isObjectId(shop))
      throw new BadRequest('"shop" is not a shop id', { key: 'format.invalid', field: 'shop' })
    const { limit, skip } = shopListQuery(page, this.context.records.paginate)
    return listOperatorActions(this.context.db.knex, { limit, skip, shop })
  }

  async create(data: OperatorActionData, params: Params = {}): Promise<OperatorAction> {
    const action = checkActionData(data)
    const operator = params.provider ? operatorOf(this.context.config, params) : 'server'
    const entry = await runOperatorAction(this.context.db.knex, action, operator, this.context.clock.now())
    await announceShopChange(this.app, action.shop)
    return entry
  }
}

export const operatorActions = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.operatorActions, new OperatorActionsService(app, context), { methods: ['find', 'create'], events: [] })
  app.service(servicePaths.operatorActions).hooks({ before: { all: [authenticate('jwt'), requireOperator(context.config)] } })
}
