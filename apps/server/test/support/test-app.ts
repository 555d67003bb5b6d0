import type { Application } from '@feathersjs/koa'
import type { Logger } from 'pino'
import { createApp, type EmporiaApp } from '../../src/app'
import { loadConfig, type AppConfig } from '../../src/config'
import type { Clock, ServiceContext } from '../../src/platform/http/service-context'
import { freshDb, type DialectName } from './databases'
import { inCallerScope } from './statements'

/** Its app is untyped: tests register fixture services of their own (`people`), which the service map does not name. */
export interface TestApp extends Omit<EmporiaApp, 'app'> {
  app: Application
  dialect: DialectName
  url: string
  port: number
}

/** A whole Emporia server on a fresh database and a free port. */
export const startTestApp = async (
  dialect: DialectName,
  options: {
    register?: (ctx: ServiceContext, app: Application) => void
    config?: Partial<AppConfig>
    listen?: boolean
    poolMax?: number
    /** PGlite in a worker thread, as `npm start` runs it (docs/decisions/0104). */
    pgliteWorker?: boolean
    /** PGlite only: how long a caller may wait for the connection (createDb's waitMs). */
    pgliteWaitMs?: number
    /** The time billing reads (decision 0129): a test moves it to reach a trial's end. */
    clock?: Clock
    /** The billing sweep's timer; off in tests, which sweep by hand with a moved clock (runBillingSweep). */
    billingSweep?: boolean
    /** The app's logger (decision 0209): a test that reads the log lines passes one writing to its own stream. */
    logger?: Logger
  } = {}
): Promise<TestApp> => {
  const db = await freshDb(dialect, {
    poolMax: options.poolMax,
    pgliteWorker: options.pgliteWorker,
    pgliteWaitMs: options.pgliteWaitMs
  })
  const config = loadConfig(
    {},
    { authSecret: 'test-secret-that-is-long-enough', logLevel: 'silent', dataDir: 'memory://', ...options.config }
  )
  const emporia = await createApp(config, {
    db,
    register: (ctx, app) => {
      // Lets a test tell a call's statements from the background jobs' (callerStatements).
      app.hooks({ around: { all: [inCallerScope] } })
      options.register?.(ctx, app)
    },
    clock: options.clock,
    logger: options.logger,
    billingSweep: options.billingSweep ?? false
  })
  let port = 0
  if (options.listen !== false) {
    const server = await emporia.app.listen(0, '127.0.0.1')
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
    port = (server.address() as { port: number }).port
  } else {
    await emporia.app.setup()
  }
  const close = emporia.close
  return {
    ...emporia,
    dialect,
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await close()
      await db.close()
    }
  }
}
