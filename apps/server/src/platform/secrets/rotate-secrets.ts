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
import { resealShopSecrets } from './shop-secrets'

export interface RotationReport {
  /** The id of the key every value is now sealed with. */
  key: string
  total: number
  moved: number
  /** Where the keys came from: SECRETS_KEY (the operator drops the old ones) or the key file (done here). */
  source: 'SECRETS_KEY' | 'file'
}

/** Shops' credentials and the platform's own secrets, in one transaction. */
const resealAll = async (trx: Knex.Transaction, keyring: SecretsKeyring) => {
  const shops = await resealShopSecrets(trx, keyring)
  const platform = await resealPlatformSecrets(trx, keyring)
  return { total: shops.total + platform.total, moved: shops.moved + platform.moved }
}

/**
 * Seals every shop credential and platform secret (0203) again under a new key (decision 0122), all in one
 * transaction.
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
