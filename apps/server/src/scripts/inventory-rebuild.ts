import { isObjectId } from '@emporia/shared'
import { loadConfig } from '../config'
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock'
import { createDb } from '../db/knex'
import { migrate } from '../db/migrate'
import { rebuild } from '../ledger/stock-ledger'

/**
 * `npm run inventory:rebuild -w apps/server [-- <shop id>]`: recomputes every shop's (or one shop's)
 * stock numbers from the ledger (docs/decisions/0040) and prints what it corrected. Uses the same
 * DATABASE_URL / DATA_DIR as the server; with PGlite the server must be stopped (one process owns it).
 */
const main = async () => {
  // npm runs workspace scripts inside apps/server; DATA_DIR (default ./data) means where npm was run, as for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const config = loadConfig(process.env)
  const shop = process.argv[2]
  if (shop !== undefined && !isObjectId(shop)) throw new Error(`Not a shop id: ${shop}`)
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir)
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrate(db.knex)
    const report = await rebuild(db.knex, shop)
    console.log(
      `Rebuilt ${report.shops} shop(s): corrected ${report.stocks.length} stock rows, ${report.lots.length} lots, ${report.products.length} products.`
    )
    for (const s of report.stocks)
      console.log(
        `  stock ${s.warehouse}/${s.product}/${s.sku || '-'}: quantity ${s.quantity.was} → ${s.quantity.now}, reserved ${s.reserved.was} → ${s.reserved.now}`
      )
    for (const l of report.lots) console.log(`  lot ${l._id}: ${l.quantity.was} → ${l.quantity.now} (${l.status.now})`)
    for (const p of report.products)
      console.log(`  product ${p._id}: ${p.cachedInventory.was} → ${p.cachedInventory.now}, ${p.status.was} → ${p.status.now}`)
  } finally {
    await db.close()
    unlock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exit(1)
})
