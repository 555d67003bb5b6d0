import type { Knex } from 'knex'
import type { AppConfig } from '../../config'
import {
  keyringOf,
  newSecretsKey,
  readKeyFile,
  resolveSecretsKeyring,
  secretsKeyFile,
  type SecretsKeyring,
  useSecretsKeyring,
  writeKeyFile
} from './secrets-key'
import { resealPlatformSecrets } from './platform-secrets'
import { resealColumns, sealedColumns } from './sealed-columns'
import { resealShopSecrets } from './shop-secrets'

export interface RotationReport {
  /** The id of the key every value is now sealed with. */
  key: string
  total: number
  moved: number
  /** Where the keys came from: SECRETS_KEY (the operator drops the old ones) or the key file (done here). */
  source: 'SECRETS_KEY' | 'file'
}

/**
 * Every stored secret, in one transaction: shops' credentials, the platform's own secrets, and the
 * columns sealed in their own tables (two-step secrets, accounting verifiers; decision 0212; waiting code mails, 0215).
 */
const resealAll = async (trx: Knex.Transaction, keyring: SecretsKeyring) => {
  const parts = [await resealShopSecrets(trx, keyring), await resealPlatformSecrets(trx, keyring)]
  for (const spec of sealedColumns) parts.push(await resealColumns(trx, spec, keyring))
  return parts.reduce((sum, part) => ({ total: sum.total + part.total, moved: sum.moved + part.moved }), { total: 0, moved: 0 })
}

/**
 * Seals every stored secret (shop credentials, platform secrets (0203), two-step secrets and accounting
 * verifiers (0212), the bodies of waiting code mails (0215)) again under a new key (decision 0122), all in one transaction: interrupted, nothing
 * has moved and every value still opens with the keys it was sealed with; run again, values already under
 * the new key are left alone.
 * With SECRETS_KEY, the operator has put the new key first and kept the old ones after it: every value
 * moves to the first, and the others may then be dropped. With the key file, a new key is generated and
 * written first with the old ones kept after it (a crash leaves every value readable), then, once every
 * value has moved, the file keeps only the new key.
 */
export const rotateSecrets = async (knex: Knex, config: Pick<AppConfig, 'secretsKey' | 'dataDir'>): Promise<RotationReport> => {
  if (config.secretsKey) {
    const keyring = resolveSecretsKeyring(config)
    const { total, moved } = await knex.transaction((trx) => resealAll(trx, keyring))
    return { key: keyring.current.id, total, moved, source: 'SECRETS_KEY' }
  }
  resolveSecretsKeyring(config) // makes the file if there is none yet
  const file = secretsKeyFile(config.dataDir)
  const old = readKeyFile(file)
  const texts = [newSecretsKey(), ...old]
  const keyring = keyringOf(texts, file)
  writeKeyFile(file, texts)
  useSecretsKeyring(keyring)
  const { total, moved } = await knex.transaction((trx) => resealAll(trx, keyring))
  writeKeyFile(file, [texts[0]])
  useSecretsKeyring(keyringOf([texts[0]], file))
  return { key: keyring.current.id, total, moved, source: 'file' }
}
