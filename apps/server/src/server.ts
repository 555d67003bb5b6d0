import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { createApp } from './app'
import { loadConfig } from './config'
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock'
import { mailDestination } from './platform/mail/destination'
import { warmValidators } from './platform/records/validate-data'
import { keepHeapNearLive } from './platform/runtime/heap'
import { seedDemo } from './scripts/demo-shop'
import { createLogger } from './platform/observability/logger'
import { answerSnapshotRequests } from './platform/backup/snapshot-request'

/* The server process (`npm start` runs it through index.ts, which starts the traces first when asked for). */

const here = path.dirname(fileURLToPath(import.meta.url))

const main = async () => {
  keepHeapNearLive()
  const config = loadConfig(process.env, {
    webDist: process.env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    dbTemplateDir: here
  })
  // The process's one JSON logger (decision 0209); the app logs through it too.
  const logger = createLogger({ level: config.logLevel })
  // PGlite keeps its files in DATA_DIR and must be the only process using them.
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir)
  const started = Date.now()
  const emporia = await createApp(config, { logger })
  const seedOnly = process.argv.includes('--seed-only')
  if (seedOnly || process.env.SEED_DEMO === '1') await seedDemo(emporia.app)
  if (seedOnly) {
    await emporia.close()
    unlock()
    return
  }
  // `npm run backup` asks the process holding the embedded database for its snapshot (decision 0210).
  const stopSnapshots = emporia.db.dump
    ? answerSnapshotRequests(
        config.dataDir,
        () => emporia.db.dump!('none'),
        (line) => logger.info(line)
      )
    : () => undefined
  // Signals are handled from here on, before listening: Feathers answers requests while its services'
  // setup (the job queue's start) still runs, so a SIGTERM can come before `listen` resolves.
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    // Readiness answers 503 from here on, so a balancer stops sending while the server finishes what it has.
    emporia.drain()
    logger.info({ signal }, 'shutting down')
    stopSnapshots()
    // In-flight requests finish and running jobs end gracefully (pg-boss waits up to 30 s, jobs/queue.ts);
    // past 35 s the process gives up (an unfinished job is retried by the next worker).
    const force = setTimeout(() => process.exit(1), 35_000)
    force.unref()
    try {
      await emporia.close()
    } finally {
      unlock()
      logger.flush()
      process.exit(0)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('exit', unlock)
  const server = await emporia.app.listen(config.port, config.host)
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  // Node closes an idle kept-alive socket after 5 s; clients (undici's pool, browsers, proxies) reuse theirs
  // for about as long. On a busy machine the two timers race and a request meets a socket being closed
  // (ECONNRESET). Idle sockets outlive every client's own limit, so the client is always the one to close.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  const { port } = server.address() as AddressInfo
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  // Said at any LOG_LEVEL: the e2e and bench harnesses wait for this line (plain text when the log is quieter).
  const listening = `Emporia listening on http://localhost:${port} (${database})`
  if (logger.isLevelEnabled('info')) logger.info({ port, database, ms: Date.now() - started }, listening)
  else console.log(`${listening} in ${Date.now() - started} ms`)
  logger.info(mailDestination(config))
  void warmValidators()
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message)
    process.exit(3)
  }
  console.error(error)
  process.exit(1)
})
