import type { Application } from '@feathersjs/feathers'
import type { ServiceContext } from '../../platform/http/service-context'
import { FeaturesService } from './features.class'

export const features = (context: ServiceContext) => (app: Application) => {
  app.use('features', new FeaturesService(context.config), { methods: ['find'], events: [] })
}
