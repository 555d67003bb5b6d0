import path from 'node:path'
import { exportShop } from '../domains/shop-transfer/shop-archive'
import { activeSecretsKeyring } from '../platform/secrets/secrets-key'
import { runShopScript } from './shop-script'

/**
 * `npm run shop:export -- <shopId> <file>` (decision 0211): writes one shop — every row of its tables
 * with ids kept, the shop row, its staff's accounts, its files and a manifest — to a .tar.gz that
 * `npm run shop:import` reads in another installation, streamed page by page (decision 0216). With SHOP_TRANSFER_PASSPHRASE set, the shop's
 * secrets travel sealed under it; without, they are left out and listed for the merchant to re-enter.
 */
runShopScript(async (knex, shop, config) => {
  const file = process.argv[3]
  if (!shop || !file) throw new Error('Usage: npm run shop:export -- <shopId> <file>')
  const target = path.resolve(file)
  const manifest = await exportShop({
    knex,
    shop,
    file: target,
    dataDir: config.dataDir,
    passphrase: process.env.SHOP_TRANSFER_PASSPHRASE || undefined,
    keyring: activeSecretsKeyring()
  })
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.count, 0)
  console.log(`Exported shop ${shop} (${manifest.subdomain}) at ${manifest.migration} to ${target}:`)
  console.log(
    `  ${rows} row(s) in ${Object.keys(manifest.tables).length} table(s), ${manifest.staff.length} staff account(s), ${manifest.files.length} file(s).`
  )
  if (manifest.secrets.names.length)
    console.log(
      manifest.secrets.mode === 'passphrase'
        ? `  ${manifest.secrets.names.length} secret(s) sealed under SHOP_TRANSFER_PASSPHRASE: give the same one to shop:import.`
        : `  Secrets left out (no SHOP_TRANSFER_PASSPHRASE), to re-enter after the import: ${manifest.secrets.names.join(', ')}.`
    )
})
