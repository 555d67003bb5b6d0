import type { Server as HttpServer } from 'node:http'
import { feathers, type HookContext } from '@feathersjs/feathers'
import { bodyParser, koa, parseAuthentication, rest, type Application, type FeathersKoaContext } from '@feathersjs/koa'
import socketio from '@feathersjs/socketio'
import { createAdapter } from '@socket.io/redis-adapter'
import { Redis } from 'ioredis'
import type { Server } from 'socket.io'
import { channels } from './channels'
import type { AppConfig } from './config'
import { createDb, type Db } from './platform/db/knex'
import { migrate } from './platform/db/migrate'
import { toFeathersError } from './platform/db/pg-errors'
import {
  API_HEADERS,
  API_PREFIX,
  BODY_LIMIT_BYTES,
  errorHandler,
  onlyWhen,
  PUBLIC_FILE,
  securityHeaders,
  splitApiAndWeb
} from './platform/http/http'
import { fastReads } from './platform/http/fast-reads'
import { isFileRequest } from './services/attachments/file-routes'
import { shareEventsWithPeers } from './platform/http/peer-events'
import { hybridParser, useMsgpackPerConnection } from './platform/http/socket-encoding'
import type { ServiceContext } from './platform/http/service-context'
import type { KoaApp, ServerServiceTypes } from './platform/http/server-services'
import { CountCache } from './platform/records/count-cache'
import { mediaRoutes, registerServices } from './services'
import { stripeWebhooks } from './domains/payments/webhooks'
import { gatewayWebhooks } from './domains/payments/gateway-webhooks'
import { sendgridEvents } from './services/mail/sendgrid-events'
import { BILLING_WEBHOOK_PATH, billingWebhooks } from './domains/billing/payments/webhook'
import { platformBrowserScript } from './domains/billing/payments/platform-provider'
import { renewSubscription } from './domains/billing/payments/renewal'
import { rowSecurityAvailable, ShopDirectory, shopTransaction } from './platform/tenancy'
import { createMailer } from './platform/mail/mailer'
import { captchaOrigins } from './platform/http/captcha'
import { RequestActivity } from './platform/http/request-activity'
import { withAccountCodeLog } from './platform/mail/account-code-log'
import { createSenderResolver } from './platform/mail/shop-mails/sender'
import { devMailbox } from './platform/mail/dev-mailbox'
import { rememberClientAddress, rememberSocketAddress, trustForwarding } from './platform/http/client-address'
import { plainIds } from './platform/records/plain-ids'
import { createStorefront, registerStorefrontHandler, type Storefront } from './domains/storefront'
import { topicRoutes } from './domains/storefront/mini/topic-routes'
import { registerTopicPages } from './domains/storefront/topics/topic-pages'
import { miniRoutes } from './domains/storefront/mini/mini-sign-in'
import { registerMiniProgram } from './domains/storefront/mini'
import { httpMiniLogin } from './platform/mini/code2session'
import { commerceRoutes } from './domains/storefront/commerce/commerce-routes'
import { registerInstallableApp } from './domains/storefront/app'
import { registerCommercePages } from './domains/storefront/commerce/commerce-pages'
import { accountRoutes } from './domains/storefront/accounts/account-routes'
import { approvedComments, commentRoutes } from './domains/storefront/comments/comment-routes'
import { VisitLog } from './domains/storefront/visits'
import { registerAccountPages } from './domains/storefront/accounts/account-pages'
import { onSitePublished, publishedSite } from './domains/eshop/published-site'
import { serveVerifiedDomains } from './domains/eshop/domains/storefront-hookup'
import { resolveSecretsKeyring, useSecretsKeyring } from './platform/secrets/secrets-key'
import { systemClock, type Clock } from './platform/http/service-context'
import { seedDefaultPlans } from './domains/billing/default-plans'
import type { BillingSweepOptions } from './domains/billing/billing-sweep'
import { createJobs } from './platform/jobs/queue'
import { APP_JOBS_AT_START, JOB, defineAppJobs } from './app-jobs'
import type { Logger } from 'pino'
import { createLogger, errorLog } from './platform/observability/logger'
import { reportOutages } from './platform/observability/redis-outages'
import { createMetrics } from './platform/observability/metrics'
import { Observer, requestIdHeader } from './platform/observability/observe'
import { requestOf } from './platform/observability/request-context'
import { serviceSpans, tracingRequested } from './platform/observability/feathers-spans'

export interface EmporiaApp {
  app: KoaApp
  db: Db
  counts: CountCache
  io?: Server
  /** The shops' storefront (decision 0108). */
  storefront: Storefront
  /** Registers more services before `listen` (tests use it for their own fixtures). */
  context: ServiceContext
  /** Request logs, metrics and readiness (decision 0209). */
  observer: Observer
  /** Readiness turns 503 (a deploy's SIGTERM): the balancer stops sending before the server closes. */
  drain: () => void
  close: () => Promise<void>
}

export const createApp = async (
  config: AppConfig,
  options: {
    db?: Db
    register?: (ctx: ServiceContext, app: Application) => void
    clock?: Clock
    /** The billing sweep's job (decisions 0129, 0145): on unless a test turns it off to sweep by hand. */
    billingSweep?: boolean
    /** Charges a due renewal on the saved card (billing/payments); the sweep moves unrenewed contracts to grace. */
    renew?: (app: Application, context: ServiceContext, shop: string) => Promise<'paid' | 'failed'>
    /** The server's logger (index.ts makes the process's); unset, one at LOG_LEVEL on stdout (tests capture one). */
    logger?: Logger
    /** Request lines, request metrics and the operator's endpoints (decision 0209); the bench turns them off to weigh them. */
    observe?: boolean
  } = {}
): Promise<EmporiaApp> => {
  // One JSON logger for the whole server (decision 0209); `log` is the fault callback older modules take.
  const logger = options.logger ?? createLogger({ level: config.logLevel })
  const log = errorLog(logger)
  // Shops' stored credentials are sealed with it; loaded before migrating (a migration seals old clear ones).
  useSecretsKeyring(resolveSecretsKeyring(config))
  const db =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateDir: config.dbTemplateDir,
      statementTimeoutMs: config.statementTimeoutMs,
      worker: config.pgliteWorker
    }))
  await migrate(db.knex)
  // The plan catalogue starts from the defaults on a fresh platform (decision 0129).
  await seedDefaultPlans(db.knex)
  const rowSecurity = config.rowSecurity && (await rowSecurityAvailable(db.knex))
  // On PGlite this process is the only writer (the data directory is locked), so totals never expire by age.
  const counts = new CountCache({ ttlMs: db.dialect === 'pglite' ? Infinity : 30_000 })
  // A shop's mail goes out as the shop's sender, read at send time (decision 0147).
  const senders = createSenderResolver({ knex: db.knex, config })
  // Mail delivery gives way to the callers this process serves (decision 0169).
  const activity = new RequestActivity()
  const created = createMailer({
    knex: db.knex,
    mailUrl: config.mailUrl,
    leaseSeconds: config.mailLeaseSeconds,
    log,
    resolveSender: senders,
    giveWayTo: activity
  })
  // Without MAIL_URL the verification and reset codes are printed in the log, never over HTTP (account-code-log.ts).
  const mailer =
    // They stay plain console lines, apart from the JSON log: a developer's fallback, the codes are the point.
    config.mailUrl || config.logLevel === 'silent' ? created : withAccountCodeLog(created, (line) => console.log(line))
  // Timed rules and mail delivery run as jobs of a queue in the database (decision 0145).
  const jobs = createJobs({ knex: db.knex, log })
  // Shops are checked on every shop-scoped call; on PGlite this process is the only writer.
  const directory = new ShopDirectory(db.knex, db.dialect === 'pglite' ? Infinity : 60_000, { billing: config.billing })
  const context: ServiceContext = {
    config,
    logger,
    db,
    counts,
    mailer,
    directory,
    clock: options.clock ?? systemClock,
    jobs,
    activity,
    records: {
      db,
      counts,
      maxLimit: config.maxPageSize,
      paginate: { default: config.defaultPageSize, max: config.maxPageSize },
      rowSecurity
    }
  }

  const app = koa(feathers<ServerServiceTypes>())
  // The back office loads the platform's Stripe.js to pay for the subscription (decision 0130), when it takes cards.
  const platformScript = platformBrowserScript(config)
  const paying = platformScript && { ...platformScript, script: [new URL(platformScript.url).origin] }
  // And the operator's captcha (decision 0201): the registration and reset screens show its widget.
  const captchaHosts = captchaOrigins(config.captcha)
  const headers = securityHeaders(
    paying || captchaHosts
      ? {
          script: [...(paying?.script ?? []), ...(captchaHosts?.script ?? [])],
          connect: [...(paying?.connect ?? []), ...(captchaHosts?.connect ?? [])],
          frame: [...(paying?.frame ?? []), ...(captchaHosts?.frame ?? [])]
        }
      : undefined
  )
  const errors = errorHandler(log)
  // The request's id in every answer of the Koa path (decision 0209).
  app.use(requestIdHeader)
  // Before anything reads the client: who it is, and whether it came over https (TRUST_PROXY, decision 0119).
  app.use(trustForwarding(config.trustProxy))
  app.use(headers)
  app.use(errors)
  // Shops' sites answer before the back office's own files and its client-side routes.
  const storefront = createStorefront(app, db.knex, {
    publicHost: config.publicHost,
    appHost: new URL(config.publicUrl).hostname,
    loadSite: (shop) => publishedSite(app, shop),
    onPublish: (listener) => onSitePublished(app, listener),
    // Visits without cookies or personal data, counted in memory and written in batches (decision 0194).
    visits: new VisitLog((shop, run) => shopTransaction(db.knex, rowSecurity, shop, run), { onError: log }),
    comments: approvedComments(app),
    everyFeature: !config.billing
  })
  app.use(storefront.middleware)
  app.use(splitApiAndWeb(config.webDist))
  // Without MAIL_URL mail stays in the outbox; with DEV_TOOLS=1 a developer reads it here (loopback only).
  if (config.devTools && !mailer.provider) app.use(devMailbox(db.knex))
  app.use(rememberClientAddress)
  app.use(mediaRoutes(app))
  // Card providers' signed events need the exact bytes received, so they are read before the body parser.
  app.use(stripeWebhooks(context, app))
  // The wallets' and the card terminal's notifications, likewise before the body parser (decision 0200).
  for (const route of gatewayWebhooks(context, app)) app.use(route)
  // SendGrid's event webhook of a shop's account: bounces (decision 0148). Raw body, like Stripe's.
  app.use(sendgridEvents(context))
  app.use(billingWebhooks(context, app))
  app.use(onlyWhen((ctx) => ctx.method !== 'GET' && ctx.method !== 'HEAD', bodyParser({ jsonLimit: BODY_LIMIT_BYTES })))
  // Only a request carrying credentials has anything to parse (the JWT strategy reads the header).
  app.use(onlyWhen((ctx) => Boolean(ctx.headers.authorization), parseAuthentication()))
  // rest() parses credentials again for every request; the line above already did (no strategies: no second parse).
  app.configure(rest({ authentication: { strategies: [] } }))
  // Reads of a Feathers service skip the Koa chain (docs/decisions/0105); the routes above that answer
  // some /api paths themselves are named here, so a read of theirs still reaches them.
  const koaCallback = app.callback.bind(app)
  app.callback = () =>
    fastReads(app, {
      koa: koaCallback(),
      claimedByKoa: (method, path) =>
        PUBLIC_FILE.test(path) ||
        isFileRequest({ method, path: path.slice(API_PREFIX.length) } as FeathersKoaContext) ||
        path.startsWith(`${API_PREFIX}/dev/`) ||
        path.startsWith(`${API_PREFIX}/payments/webhooks/`) ||
        path === BILLING_WEBHOOK_PATH,
      apiHeaders: API_HEADERS,
      trustProxy: config.trustProxy,
      wrap: [requestIdHeader, headers, errors],
      log
    }) as ReturnType<typeof koaCallback>

  const redisClients: Redis[] = []
  // Request logs and metrics around the whole listener; /livez, /readyz and /metrics before the app (decision 0209).
  const metrics = createMetrics({ knex: db.knex, sockets: () => emporia.io?.engine?.clientsCount ?? 0 })
  const observer = new Observer(logger, metrics, {
    metricsToken: config.metricsToken,
    checks: {
      database: () => db.knex.raw('select 1'),
      ...(config.redisUrl ? { redis: () => redisClients[0].ping() } : {})
    }
  })
  const servingCallback = app.callback.bind(app)
  if (options.observe !== false) app.callback = () => observer.wrap(servingCallback()) as ReturnType<typeof koaCallback>
  const emporia: EmporiaApp = {
    app,
    db,
    counts,
    context,
    storefront,
    observer,
    drain: () => {
      observer.state = 'draining'
    },
    close: async () => undefined
  }
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
        rememberSocketAddress(io, config.trustProxy)
        if (config.redisUrl) {
          const pub = new Redis(config.redisUrl, { lazyConnect: false })
          const sub = pub.duplicate()
          redisClients.push(pub, sub)
          for (const [role, client] of [['publish', pub] as const, ['subscribe', sub] as const])
            reportOutages(client, role, logger)
          io.adapter(createAdapter(pub, sub, { key: 'emporia' }))
        }
      }
    )
  )

  registerServices(app, context)
  options.register?.(context, app)
  app.configure(channels(directory, db.knex))
  storefront.listen()
  // The cart and checkout's JSON calls and pages (decision 0109) answer under each storefront's own address.
  registerStorefrontHandler(app, commerceRoutes({ app, context }))
  registerCommercePages(app, { app, context })
  // Customers' sign-in by mailed code, account, addresses and order history (decision 0114).
  registerStorefrontHandler(app, accountRoutes({ app, context }))
  registerAccountPages(app, { app, context })
  // Product comments of signed-in customers, when the shop takes them (decision 0193).
  registerStorefrontHandler(app, commentRoutes({ app, context }))
  // The shop's installable app: manifest, worker, icons, push subscriptions and order notices (0202, 0203).
  registerInstallableApp(app, context)
  // Published topic pages of the shop, read-only, for the app and the mini-program (decision 0205).
  registerStorefrontHandler(app, topicRoutes({ app, context }))
  // The same topics as pages of the shop's theme, kept and indexed like product pages (decision 0208).
  registerTopicPages(app)
  // Shoppers' sign-in from the mini-program, its login code exchanged with the platform (decision 0204).
  registerStorefrontHandler(app, miniRoutes({ app, context }, httpMiniLogin(config.miniApiBase)))
  // The mini-program's catalogue calls and its H5 build under each shop's address (decision 0206).
  registerMiniProgram(app, context)
  // Verified custom domains serve their shop's storefront (decision 0112).
  serveVerifiedDomains(app, storefront.lookup)

  // Last line of defence for both transports: an error that is not a Feathers error is logged
  // and replaced by a generic one, so no internal text reaches a client.
  app.hooks({
    // With traces on (OTEL_EXPORTER_OTLP_ENDPOINT), a span per service call (decision 0209).
    around: {
      all: [activity.hook, ...(options.observe !== false ? [observer.hook] : []), ...(tracingRequested() ? [serviceSpans] : [])]
    },
    before: { all: [plainIds] },
    error: {
      all: [
        (hookContext: HookContext) => {
          const safe = toFeathersError(hookContext.error)
          if (safe.code >= 500)
            logger.error(
              {
                err: hookContext.error,
                reqId: requestOf(hookContext.params.headers)?.id,
                service: hookContext.path,
                call: hookContext.method
              },
              'service call failed'
            )
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
    // Trials, grace, lapse, renewals and reminders (decision 0129); the platform's card charges a due
    // renewal (decision 0130) unless a test stands in for it.
    const renew = options.renew ?? renewSubscription
    const billing: BillingSweepOptions | false = options.billingSweep !== false && {
      renew: (shop) => renew(app, context, shop),
      log
    }
    defineAppJobs(jobs, app as never, context, { billing })
    await jobs.start()
    // What the old timers ran at start-up: a sweep that fell due while no process ran (stately: at most one waits).
    for (const name of APP_JOBS_AT_START) if (jobs.names.includes(name)) await jobs.send(name)
    mailer.start(() => jobs.wake(JOB.mailDrain))
    // Ready once every service is set up and the jobs run (a draining process stays unready).
    if (observer.state === 'starting') observer.state = 'ready'
    return result
  }

  emporia.close = async () => {
    emporia.drain()
    // Idle keep-alive HTTP connections would hold server.close() open for seconds.
    // Unset until `listen`: Koa's typing says it is always there.
    const server = app.server as HttpServer | undefined
    server?.closeIdleConnections?.()
    // Open websockets would hold server.close() open forever. Their connections are closed, this process's
    // only (io.disconnectSockets would reach every process through the Redis adapter), and without a
    // disconnect packet: the clients see the transport close and reconnect, to another process (decision 0213).
    emporia.io?.engine?.close()
    // In-flight requests finish (server.close waits for them); a kept-alive connection whose answer has gone
    // out is idle from then on and is closed at the next sweep, not kept for its 65 s (decision 0213).
    const sweep = setInterval(() => server?.closeIdleConnections?.(), 100)
    await app.teardown().catch(() => undefined)
    clearInterval(sweep)
    await storefront.visits?.flush()
    await jobs.stop()
    await mailer.stop()
    // Shops' SendGrid clients and SMTP transports, after the last send.
    await senders.close()
    // An io that never got a server (setup without listen) has no engine to close.
    if (emporia.io?.engine) await emporia.io.close().catch(() => undefined)
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)))
    if (!options.db) await db.close()
  }
  return emporia
}
