import type { Application } from '@feathersjs/feathers'
import type { RealTimeConnection } from '@feathersjs/transport-commons'
import '@feathersjs/transport-commons'
import { servicePaths } from '@emporia/shared'

const userChannel = (id: unknown) => `users/${String(id)}`

/**
 * Until shop tenancy routes events per shop, events go to authenticated connections only; an
 * account's own events (which carry its e-mail) go only to that account's connections.
 */
export const channels = (app: Application) => {
  app.on('connection', (connection: RealTimeConnection) => app.channel('anonymous').join(connection))
  app.on('login', (result: { user?: { _id: string } }, { connection }: { connection?: RealTimeConnection }) => {
    if (!connection) return
    app.channel('anonymous').leave(connection)
    app.channel('authenticated').join(connection)
    if (result.user) app.channel(userChannel(result.user._id)).join(connection)
  })
  app.on('logout', (result: { user?: { _id: string } }, { connection }: { connection?: RealTimeConnection }) => {
    if (!connection) return
    app.channel('authenticated').leave(connection)
    if (result.user) app.channel(userChannel(result.user._id)).leave(connection)
    app.channel('anonymous').join(connection)
  })
  app.publish(() => app.channel('authenticated'))
  app.service(servicePaths.users).publish((user: { _id: string }) => app.channel(userChannel(user._id)))
}
