import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ShopRankGroupService } from './shop-rank-groups.class'
import { defineRankRecomputeJob } from '../../domains/ranks/recompute-job'
import { shopRankGroupModel } from './shop-rank-groups.schema'

export const shopRankGroups = (context: ServiceContext) => (app: Application) => {
  const service = new ShopRankGroupService({ ...context.records, model: shopRankGroupModel, multi: ['create'] })
  // Re-ranking after a rules change is a job of the queue, its progress on the group (decision 0154).
  if (context.jobs) {
    service.jobs = context.jobs
    defineRankRecomputeJob(context.jobs, context.db.knex, {
      rowSecurity: context.records.rowSecurity === true,
      env: { app, counts: context.counts }
    })
  }
  return registerShopScoped(app, context, servicePaths.shopRankGroups, service)
}
