import { authenticate } from '@feathersjs/authentication'
import type { Application } from '@feathersjs/feathers'
import { servicePaths, type JobsStatus } from '@emporia/shared'
import { requireOperator } from '../../domains/billing/operator/require-operator'
import type { ServiceContext } from '../../platform/http/service-context'
import { jobsStatus } from '../../platform/jobs/status'

/**
 * The operator console's jobs (decision 0145): each queue's jobs by state (queued, running, finished,
 * failed, retried) and the latest jobs that failed for good with their error. Platform operators only.
 */
export class OperatorJobsService {
  constructor(private readonly context: ServiceContext) {}

  async find(): Promise<JobsStatus> {
    return jobsStatus(this.context.db.knex)
  }
}

export const operatorJobs = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.operatorJobs, new OperatorJobsService(context), { methods: ['find'], events: [] })
  app.service(servicePaths.operatorJobs).hooks({ before: { all: [authenticate('jwt'), requireOperator(context.config)] } })
}
