import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { HealthService } from './health.class'

export const health = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.health, new HealthService(context.db), { methods: ['find'] })
}
