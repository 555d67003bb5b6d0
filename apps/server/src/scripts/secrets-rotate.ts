import { rotateSecrets } from '../platform/secrets/rotate-secrets'
import { runShopScript } from './shop-script'

/**
 * `npm run secrets:rotate -w apps/server`: seals every stored secret again under a new key (shops'
 * credentials, the platform's secrets, two-step secrets, accounting verifiers; docs/decisions/0122, 0212). With SECRETS_KEY set, put the new key first and the old one after it
 * (`SECRETS_KEY=new,old`), run this, then drop the old one. Without it, the key in DATA_DIR/secrets-key is
 * replaced here. Run it with the server stopped (with PGlite the data directory is locked anyway).
 */
runShopScript(async (knex, shop, config) => {
  if (shop !== undefined) throw new Error('secrets:rotate re-seals every shop at once; it takes no shop id')
  const report = await rotateSecrets(knex, config)
  console.log(`Re-sealed ${report.moved} of ${report.total} stored secret(s) under key ${report.key}.`)
  if (report.source === 'SECRETS_KEY')
    console.log('Every value is sealed with the first key of SECRETS_KEY: the keys after it may now be removed.')
  else console.log('DATA_DIR/secrets-key now holds only the new key.')
})
