import { readFileSync } from 'node:fs'
import { Agent } from 'node:https'
import { rootCertificates } from 'node:tls'
import type { Application } from '@feathersjs/feathers'
import type { ServiceContext } from '../../../platform/http/service-context'
import { registerStorefrontHandler } from '../routes'
import type { IconSource } from './app-icons'
import { appRoutes } from './app-routes'
import { orderNotices } from './push/push-notices'
import { pushRoutes } from './push/push-routes'
import { vapidOnce } from './push/vapid'

/**
 * The shop's installable app (decisions 0202, 0203): its manifest, worker and icons under each shop's
 * address, customers' push subscriptions, and order status notices as jobs. PUSH_CA_FILE names one
 * more certificate authority push services are trusted by (a test's local push-service double, or a
 * company's own push relay); VAPID_* see vapid.ts.
 */
export const registerInstallableApp = (app: Application, context: ServiceContext, env: NodeJS.ProcessEnv = process.env) => {
  const knex = context.db.knex
  const commerce = { app, context }
  const keys = vapidOnce(knex, env)
  const media = () => (app.service('attachments') as unknown as { media: IconSource }).media
  registerStorefrontHandler(app, appRoutes({ knex, media, everyFeature: !context.config.billing }))
  registerStorefrontHandler(app, pushRoutes(commerce, keys))
  const agent = env.PUSH_CA_FILE ? new Agent({ ca: [...rootCertificates, readFileSync(env.PUSH_CA_FILE, 'utf8')] }) : undefined
  if (context.jobs) orderNotices(commerce, context.jobs, keys, agent)
}
