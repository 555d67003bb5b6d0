import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config'
import { ImportRefused, importShop } from '../domains/shop-transfer/shop-archive'
import { DataDirLockedError, lockDataDir } from '../platform/db/data-dir-lock'
import { createDb } from '../platform/db/knex'
import { migrate } from '../platform/db/migrate'
import { resolveSecretsKeyring, useSecretsKeyring } from '../platform/secrets/secrets-key'

/**
 * `npm run shop:import -- <file>` (decision 0211): writes a shop exported by `shop:export` into this
 * installation (DATABASE_URL / DATA_DIR, migrated first) in one transaction, or nothing: refused when
 * its migration level differs or any id, the subdomain or its files already exist here; verified by
 * the tables' checksums before it commits; the file is read in batches, never whole (decision 0216).
 * SHOP_TRANSFER_PASSPHRASE opens the secrets sealed under it.
 */
const main = async () => {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const file = process.argv[2]
  if (!file) throw new Error('Usage: npm run shop:import -- <file>')
  if (!existsSync(file)) throw new ImportRefused([`no such file: ${path.resolve(file)}`])
  const config = loadConfig(process.env)
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir)
  const keyring = resolveSecretsKeyring(config)
  useSecretsKeyring(keyring)
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrate(db.knex)
    const report = await importShop({
      knex: db.knex,
      file: path.resolve(file),
      dataDir: config.dataDir,
      passphrase: process.env.SHOP_TRANSFER_PASSPHRASE || undefined,
      keyring
    })
    const rows = Object.values(report.tables).reduce((sum, count) => sum + count, 0)
    console.log(
      `Imported shop ${report.shop}: ${rows} row(s), ${report.files} file(s); every table's checksum matches the export.`
    )
    for (const user of report.linkedUsers)
      console.log(`  Staff ${user.email} already had an account here: linked (${user.from} → ${user.to}).`)
    if (report.createdUsers.length) console.log(`  ${report.createdUsers.length} staff account(s) created with their ids.`)
    if (report.twoStepReset.length)
      console.log(`  ${report.twoStepReset.length} of them had two-step sign-in: off here until they set it up again.`)
    if (report.secretsToReenter.length)
      console.log(`  Secrets to re-enter in the shop's settings: ${report.secretsToReenter.join(', ')}.`)
  } finally {
    await db.close()
    unlock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError || error instanceof ImportRefused ? error.message : error)
  process.exit(1)
})
