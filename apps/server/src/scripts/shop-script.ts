import type { Knex } from 'knex'
import { isObjectId } from '@emporia/shared'
import { loadConfig, type AppConfig } from '../config'
import { DataDirLockedError, lockDataDir } from '../platform/db/data-dir-lock'
import { createDb } from '../platform/db/knex'
import { migrate } from '../platform/db/migrate'
import { resolveSecretsKeyring, useSecretsKeyring } from '../platform/secrets/secrets-key'

/**
 * Runs a maintenance command over every shop, or the one shop named as its argument: on the server's
 * own DATABASE_URL / DATA_DIR (with PGlite the data directory is locked, so the server must be
 * stopped), migrated first; exits 1 with the reason on failure.
 */
export const runShopScript = (work: (knex: Knex, shop: string | undefined, config: AppConfig) => Promise<void>) => {
  const main = async () => {
    // npm runs workspace scripts inside apps/server; DATA_DIR (default ./data) means where npm was run, as for `npm start`.
    if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
    const config = loadConfig(process.env)
    const shop = process.argv[2]
    if (shop !== undefined && !isObjectId(shop)) throw new Error(`Not a shop id: ${shop}`)
    const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir)
    // The server's own secrets key: a migration may seal shops' credentials with it (decision 0122).
    useSecretsKeyring(resolveSecretsKeyring(config))
    const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      await migrate(db.knex)
      await work(db.knex, shop, config)
    } finally {
      await db.close()
      unlock()
    }
  }
  main().catch((error: unknown) => {
    console.error(error instanceof DataDirLockedError ? error.message : error)
    process.exit(1)
  })
}
