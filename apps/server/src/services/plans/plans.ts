import { authenticate } from '@feathersjs/authentication'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application, Id, Params } from '@feathersjs/feathers'
import { servicePaths, type Plan } from '@emporia/shared'
import { createPlan, findPlan, listPlans, patchPlan } from '../../domains/billing/plan-catalogue'
import { isOperator, type OperatorCandidate } from '../../domains/billing/operators'
import { operatorOf } from '../../domains/billing/operator/require-operator'
import type { ServiceContext } from '../../platform/http/service-context'

/**
 * The plan catalogue (decision 0129): anyone signed in reads the plans on offer (an operator every plan
 * with `?all=true`); operators create and patch them. No remove: a plan is retired (`active: false`).
 * Not shop-scoped: the catalogue is the platform's.
 */
export class PlansService {
  constructor(private readonly context: ServiceContext) {}

  async find(params: Params = {}): Promise<Plan[]> {
    const all = String((params.query as { all?: unknown } | undefined)?.all) === 'true'
    const operator = !params.provider || isOperator(this.context.config, (params as { user?: OperatorCandidate }).user)
    return listPlans(this.context.db.knex, all && operator)
  }

  async get(id: Id): Promise<Plan> {
    return findPlan(this.context.db.knex, String(id))
  }

  async create(data: unknown, params: Params = {}): Promise<Plan> {
    return createPlan(this.context.db.knex, data, this.operator(params), this.context.clock.now())
  }

  async patch(id: Id | null, data: unknown, params: Params = {}): Promise<Plan> {
    if (id === null) throw new MethodNotAllowed('Plans are changed one at a time')
    return patchPlan(this.context.db.knex, String(id), data, this.operator(params), this.context.clock.now())
  }

  /** Who the log names: the calling operator (403 for anyone else), or the server for its own calls. */
  private operator(params: Params) {
    return params.provider ? operatorOf(this.context.config, params) : 'server'
  }
}

export const plans = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.plans, new PlansService(context), { methods: ['find', 'get', 'create', 'patch'], events: [] })
  app.service(servicePaths.plans).hooks({ before: { all: [authenticate('jwt')] } })
}
