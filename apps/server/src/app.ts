import type { Server as HttpServer } from 'node:http'
import { feathers, type HookContext } from '@feathersjs/feathers'
import { bodyParser, koa, parseAuthentication, rest, type Application } from '@feathersjs/koa'
import socketio from '@feathersjs/socketio'
import { createAdapter } from '@socket.io/redis-adapter'
import { Redis } from 'ioredis'
import type { Server } from 'socket.io'
import { servicePaths } from '@emporia/shared'
import { channels } from './channels'
import { resolveAuthSecret, type AppConfig } from './config'
import { createDb, type Db } from './db/knex'
import { migrate } from './db/migrate'
import { toFeathersError } from './db/pg-errors'
import { BODY_LIMIT_BYTES, errorHandler, onlyWhen, securityHeaders, splitApiAndWeb } from './platform/http'
import { shareEventsWithPeers } from './platform/peer-events'
import { hybridParser, useMsgpackPerConnection } from './platform/socket-encoding'
import { authentication } from './services/authentication/authentication'
import type { ServiceContext } from './services/context'
import { HealthService } from './services/health/health'
import { CountCache } from './records/count-cache'
import { users } from './services/users/users'
import { account } from './services/account/account'
import { features } from './services/features/features'
import { shopInvitations } from './services/shop-invitations/shop-invitations'
import { shopMembers } from './services/shop-members/shop-members'
import { rowSecurityAvailable, ShopDirectory } from './tenancy'
import { ShopUsersSync } from './services/shops/shop-users-sync'
import { shops } from './services/shops/shops'
import { subShops } from './services/sub-shops/sub-shops'
import { brands } from './services/brands/brands'
import { categories } from './services/categories/categories'
import { warehouses } from './services/warehouses/warehouses'
import { specs } from './services/specs/specs'
import { products } from './services/products/products'
import { productsLookup } from './services/products-lookup/products-lookup'
import { tags } from './services/tags/tags'
import { productBundles } from './services/product-bundles/product-bundles'
import { productRelateds } from './services/product-relateds/product-relateds'
import { stocks } from './services/stocks/stocks'
import { inventories } from './services/inventories/inventories'
import { inventoryLots } from './services/inventory-lots/inventory-lots'
import { inventoryLogs } from './services/inventory-logs/inventory-logs'
import { inventoryOperations } from './services/inventory-operations/inventory-operations'
import { stockReservations } from './services/stock-reservations/stock-reservations'
import { inventoryRebuild } from './services/inventory-rebuild/inventory-rebuild'
import { attachments, mediaRoutes } from './services/attachments/attachments'
import { dataExport } from './services/export/export'
import { createMailer } from './mail/mailer'
import { devMailbox } from './mail/dev-mailbox'
import { rememberClientAddress, rememberSocketAddress } from './platform/client-address'
import { plainIds } from './hooks/plain-ids'

export interface EmporiaApp {
  app: Application
  db: Db
  counts: CountCache
  io?: Server
  /** Registers more services before `listen` (tests use it for their own fixtures). */
  context: ServiceContext
  close: () => Promise<void>
}

export const createApp = async (
  config: AppConfig,
  options: { db?: Db; register?: (ctx: ServiceContext, app: Application) => void } = {}
): Promise<EmporiaApp> => {
  const log = config.logLevel === 'silent' ? () => undefined : (error: unknown) => console.error(error)
  const db =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateDir: config.dbTemplateDir,
      statementTimeoutMs: config.statementTimeoutMs
    }))
  await migrate(db.knex)
  const rowSecurity = config.rowSecurity && (await rowSecurityAvailable(db.knex))
  // On PGlite this process is the only writer (the data directory is locked), so totals never expire by age.
  const counts = new CountCache({ ttlMs: db.dialect === 'pglite' ? Infinity : 30_000 })
  const mailer = createMailer({ knex: db.knex, mailUrl: config.mailUrl, log })
  // Shops are checked on every shop-scoped call; on PGlite this process is the only writer.
  const directory = new ShopDirectory(db.knex, db.dialect === 'pglite' ? Infinity : 60_000)
  const context: ServiceContext = {
    config,
    db,
    counts,
    mailer,
    directory,
    records: {
      db,
      counts,
      maxLimit: config.maxPageSize,
      paginate: { default: config.defaultPageSize, max: config.maxPageSize },
      rowSecurity
    }
  }

  const app = koa(feathers())
  app.use(securityHeaders())
  app.use(errorHandler(log))
  app.use(splitApiAndWeb(config.webDist))
  // Without MAIL_URL mail stays in the outbox; with DEV_TOOLS=1 a developer reads it here (loopback only).
  if (config.devTools && !mailer.provider) app.use(devMailbox(db.knex))
  app.use(rememberClientAddress)
  app.use(mediaRoutes(app))
  app.use(onlyWhen((ctx) => ctx.method !== 'GET' && ctx.method !== 'HEAD', bodyParser({ jsonLimit: BODY_LIMIT_BYTES })))
  // Only a request carrying credentials has anything to parse (the JWT strategy reads the header).
  app.use(onlyWhen((ctx) => Boolean(ctx.headers.authorization), parseAuthentication()))
  app.configure(rest())

  const redisClients: Redis[] = []
  const emporia: EmporiaApp = { app, db, counts, context, close: async () => undefined }
  app.configure(
    socketio(
      {
        path: '/api/socket.io',
        transports: ['websocket'],
        serveClient: false,
        parser: hybridParser,
        maxHttpBufferSize: BODY_LIMIT_BYTES
      },
      (io) => {
        emporia.io = io
        useMsgpackPerConnection(io)
        rememberSocketAddress(io)
        if (config.redisUrl) {
          const pub = new Redis(config.redisUrl, { lazyConnect: false })
          const sub = pub.duplicate()
          redisClients.push(pub, sub)
          io.adapter(createAdapter(pub, sub, { key: 'emporia' }))
        }
      }
    )
  )

  const sync = new ShopUsersSync(app, directory)
  app.configure(authentication(resolveAuthSecret(config), context))
  app.use(servicePaths.health, new HealthService(db), { methods: ['find'] })
  app.configure(features(config))
  app.configure(users(context))
  app.configure(account(context))
  app.configure(shops(context, directory))
  app.configure(shopMembers(context, directory, sync))
  app.configure(subShops(context, directory, sync))
  app.configure(shopInvitations(context, sync))
  app.configure(categories(context, directory))
  app.configure(brands(context, directory))
  app.configure(warehouses(context, directory))
  // Catalogue (issue 6)
  app.configure(specs(context, directory))
  app.configure(products(context, directory))
  app.configure(productsLookup(context, directory))
  app.configure(tags(context, directory))
  app.configure(productBundles(context, directory))
  app.configure(productRelateds(context, directory))
  // Inventory (issue 6)
  app.configure(stocks(context, directory))
  app.configure(inventories(context, directory))
  app.configure(inventoryLots(context, directory))
  app.configure(inventoryLogs(context, directory))
  app.configure(inventoryOperations(context, directory))
  app.configure(stockReservations(context, directory))
  app.configure(inventoryRebuild(context, directory))
  app.configure(attachments(context, directory))
  app.configure(dataExport(context))
  options.register?.(context, app)
  app.configure(channels(directory, db.knex))

  // Last line of defence for both transports: an error that is not a Feathers error is logged
  // and replaced by a generic one, so no internal text reaches a client.
  app.hooks({
    before: { all: [plainIds] },
    error: {
      all: [
        (hookContext: HookContext) => {
          const safe = toFeathersError(hookContext.error)
          if (safe.code >= 500) log(hookContext.error)
          hookContext.error = safe
        }
      ]
    }
  })

  // Peers share events only once every service exists (listeners are attached per service).
  const originalSetup = app.setup.bind(app)
  app.setup = async (...args: Parameters<typeof app.setup>) => {
    const result = await originalSetup(...args)
    if (emporia.io && config.redisUrl) shareEventsWithPeers(app, emporia.io, counts)
    mailer.start()
    return result
  }

  emporia.close = async () => {
    // Idle keep-alive HTTP connections would hold server.close() open for seconds.
    const server = (app as unknown as { server?: HttpServer }).server
    server?.closeIdleConnections?.()
    // Open websockets would hold server.close() open forever.
    emporia.io?.disconnectSockets(true)
    await app.teardown().catch(() => undefined)
    await mailer.stop()
    // An io that never got a server (setup without listen) has no engine to close.
    if (emporia.io?.engine) await emporia.io.close().catch(() => undefined)
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)))
    if (!options.db) await db.close()
  }
  return emporia
}
