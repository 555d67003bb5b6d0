import { isObjectId } from '@emporia/shared'
import { loadConfig } from '../config'
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock'
import { createDb } from '../db/knex'
import { migrate } from '../db/migrate'
import { rebuildRanks } from '../ranks'

/**
 * `npm run ranks:rebuild -w apps/server [-- <shop id>]`: decides every customer's accumulated amount
 * and rank again from the orders (decision 0084) and prints what differed (and is now corrected).
 * Uses the same DATABASE_URL / DATA_DIR as the server; with PGlite the server must be stopped.
 */
const main = async () => {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const config = loadConfig(process.env)
  const shop = process.argv[2]
  if (shop !== undefined && !isObjectId(shop)) throw new Error(`Not a shop id: ${shop}`)
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir)
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrate(db.knex)
    const report = await rebuildRanks(db.knex, shop)
    console.log(
      `Rebuilt ranks of ${report.customers} customer(s) in ${report.shops} shop(s): ${report.differences.length} difference(s).`
    )
    for (const d of report.differences)
      console.log(
        `  ${d.shop}/${d.customer}: amount ${d.amount.was} → ${d.amount.now}, rank ${d.rank.was ?? '-'} → ${d.rank.now ?? '-'}, expiry ${d.expiry.was ?? '-'} → ${d.expiry.now ?? '-'}`
      )
  } finally {
    await db.close()
    unlock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exit(1)
})
