import type { Application } from '@feathersjs/feathers'
import type { RealTimeConnection } from '@feathersjs/transport-commons'
import '@feathersjs/transport-commons'

/**
 * Until shop tenancy routes events per shop, events go to authenticated connections only.
 */
export const channels = (app: Application) => {
  app.on('connection', (connection: RealTimeConnection) => app.channel('anonymous').join(connection))
  app.on('login', (_result: unknown, { connection }: { connection?: RealTimeConnection }) => {
    if (!connection) return
    app.channel('anonymous').leave(connection)
    app.channel('authenticated').join(connection)
  })
  app.on('logout', (_result: unknown, { connection }: { connection?: RealTimeConnection }) => {
    if (!connection) return
    app.channel('authenticated').leave(connection)
    app.channel('anonymous').join(connection)
  })
  app.publish(() => app.channel('authenticated'))
}
