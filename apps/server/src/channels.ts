import type { Application, HookContext } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { RealTimeConnection } from '@feathersjs/transport-commons'
import '@feathersjs/transport-commons'
import { callerIn, refusal, serviceRules, servicePaths, type ShopStaffRef } from '@emporia/shared'
import { hearsShop, passesAdminTwoStep, type ShopDirectory } from './platform/tenancy'

const userChannel = (id: unknown) => `users/${String(id)}`
export const shopChannel = (id: unknown) => `shops/${String(id)}`

type Connection = RealTimeConnection & { user?: { _id: string; verified?: unknown; twoStep?: unknown } }
type ShopRecord = { _id: string; users?: ShopStaffRef[] }

/**
 * Realtime routing (docs/decisions/0004-tenancy.md): a connection joins its account's channel and
 * one channel per shop it is an accepted member of. Shop-scoped events go to that shop's channel,
 * and only to members whose role may read the service; an account's own events only to itself.
 * Anything not routed here is heard by no one.
 */
export const channels = (directory: ShopDirectory, knex: Knex) => (app: Application) => {
  const joinShops = async (connection: Connection, userId: string) => {
    const rows = (await knex('shopMembers').select('shop').where({ user: userId, accepted: true })) as { shop: string }[]
    for (const { shop } of rows) app.channel(shopChannel(shop)).join(connection)
  }

  app.on('connection', (connection: Connection) => app.channel('anonymous').join(connection))
  app.on('login', (result: { user?: { _id: string } }, { connection }: { connection?: Connection }) => {
    if (!connection) return
    app.channel('anonymous').leave(connection)
    app.channel('authenticated').join(connection)
    if (!result.user) return
    app.channel(userChannel(result.user._id)).join(connection)
    joinShops(connection, result.user._id).catch(() => undefined)
  })
  // The answer to a socket's sign-in waits for its shop channels: a client that signs in and at once
  // expects a shop's events (an open editor, a test's marker) must not lose the first ones to a join still
  // reading the members table. The login listener above joins them too; joining twice changes nothing.
  app.service(servicePaths.authentication).hooks({
    after: {
      create: [
        async (context: HookContext) => {
          const connection = (context.params as { connection?: Connection }).connection
          const user = (context.result as { user?: { _id: string } } | undefined)?.user
          if (connection && user?._id) await joinShops(connection, user._id)
        }
      ]
    }
  })
  app.on('logout', (result: { user?: { _id: string } }, { connection }: { connection?: Connection }) => {
    if (!connection) return
    for (const name of app.channels) app.channel(name).leave(connection)
    app.channel('anonymous').join(connection)
  })

  // Membership changes arrive as shops events (here or from a peer): re-sort connections.
  const regroup = (shop: ShopRecord) => {
    if (!shop?._id) return
    const members = new Set((shop.users ?? []).filter((u) => u.accepted !== false).map((u) => u.user))
    const channel = app.channel(shopChannel(shop._id))
    for (const connection of app.channel('authenticated').connections as Connection[]) {
      const id = connection.user?._id
      if (id && members.has(id)) channel.join(connection)
      else channel.leave(connection)
    }
  }
  for (const event of ['created', 'patched', 'updated']) app.service(servicePaths.shops).on(event, regroup)

  // A connection's account as the verification and two-step requirements read it (decisions 0138, 0136):
  // kept up to date when the account is verified or turns two-step on (or off), so its shops' events
  // follow without signing in again.
  app.service(servicePaths.users).on('patched', (user: { _id?: string; verified?: unknown; twoStep?: unknown }) => {
    if (!user?._id) return
    for (const connection of app.channel(userChannel(user._id)).connections as Connection[]) {
      if (!connection.user) continue
      if ('verified' in user) connection.user.verified = user.verified
      if ('twoStep' in user) connection.user.twoStep = user.twoStep
    }
  })

  app.publish(() => [])
  app.service(servicePaths.users).publish((user: { _id: string }) => app.channel(userChannel(user._id)))
  app.service(servicePaths.shops).publish((shop: ShopRecord) => app.channel(shopChannel(shop._id)))
  // Export progress (services/export) is emitted with the exporting account in its context: only that account hears it.
  if (app.services.export)
    app.service('export').publish('progress', (_data: unknown, context: HookContext) => {
      const user = (context.params as { user?: { _id: string } } | undefined)?.user
      return user ? app.channel(userChannel(user._id)) : []
    })

  for (const [path, rule] of Object.entries(serviceRules)) {
    if (!app.services[path]) continue
    // A shared record (spec §6.3) is heard in its own shop and in every shop it is shared with.
    app
      .service(path)
      .publish(async (record: { shop?: string; accessShop?: { shop: string }[] | null }, _context: HookContext) => {
        if (!record?.shop) return []
        const shops = [...new Set([record.shop, ...(record.accessShop ?? []).map((entry) => entry.shop)])]
        const channels = await Promise.all(
          shops.map(async (id) => {
            const shop = await directory.get(id)
            // A shop asked to be deleted is closed to its staff, its events too (decision 0211).
            if (!shop || shop.deleteAfter) return undefined
            return app.channel(shopChannel(id)).filter((connection: Connection) => {
              const caller = callerIn(shop, connection.user?._id)
              return (
                refusal(rule.read, caller, false) === null &&
                hearsShop(shop, connection.user) &&
                passesAdminTwoStep(shop, caller, connection.user)
              )
            })
          })
        )
        return channels.filter((channel) => channel !== undefined)
      })
  }
}
