import type { Knex } from 'knex'
import { activeSecretsKeyring, openSecret, sealSecret, sealedKeyId, type SecretsKeyring } from './secrets-key'

/**
 * The platform's own secrets (decision 0203), outside any shop: `platformSecrets`, one row per name,
 * sealed like the shops' (decision 0122) and bound to their name. No door reads this table.
 */
const contextOf = (name: string) => `platformSecrets/${name}`

/** One platform secret, or null when none is stored. */
export const readPlatformSecret = async (knex: Knex, name: string, keyring: SecretsKeyring = activeSecretsKeyring()) => {
  const row = (await knex('platformSecrets').where({ name }).first('value')) as { value: string } | undefined
  return row ? openSecret(keyring, row.value, contextOf(name)) : null
}

/**
 * The secret of that name, made by `make` and stored the first time it is asked for. Processes that
 * race store one: the first insert wins and every one answers what is stored.
 */
export const platformSecretOnce = async (
  knex: Knex,
  name: string,
  make: () => string,
  keyring: SecretsKeyring = activeSecretsKeyring()
): Promise<string> => {
  const known = await readPlatformSecret(knex, name, keyring)
  if (known !== null) return known
  const value = sealSecret(keyring, make(), contextOf(name))
  await knex('platformSecrets').insert({ name, value }).onConflict('name').ignore()
  return (await readPlatformSecret(knex, name, keyring)) as string
}

/** Key rotation (decision 0122): every platform secret sealed again under the keyring's current key. */
export const resealPlatformSecrets = async (trx: Knex.Transaction, keyring: SecretsKeyring) => {
  const rows = (await trx('platformSecrets').select('name', 'value').forUpdate()) as { name: string; value: string }[]
  let moved = 0
  for (const row of rows) {
    if (sealedKeyId(row.value) === keyring.current.id) continue
    const value = sealSecret(keyring, openSecret(keyring, row.value, contextOf(row.name)), contextOf(row.name))
    await trx('platformSecrets').where({ name: row.name }).update({ value })
    moved += 1
  }
  return { total: rows.length, moved }
}
