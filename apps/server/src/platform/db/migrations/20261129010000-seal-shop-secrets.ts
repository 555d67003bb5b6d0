import type { Knex } from 'knex'
import { activeSecretsKeyring } from '../../secrets/secrets-key'
import { openSealedSecrets, sealClearSecrets } from '../../secrets/shop-secrets'

/**
 * Shops' credentials were kept in clear in `shopSecrets` (issue 28): each is sealed with the secrets key
 * (decision 0122). The key is the process's, loaded from SECRETS_KEY or DATA_DIR/secrets-key before
 * migrating; a database without stored credentials (a new one, the test template) needs none.
 */
export const up = async (knex: Knex) => {
  const [{ count }] = (await knex('shopSecrets').count({ count: '*' })) as { count: string | number }[]
  if (Number(count) === 0) return
  await sealClearSecrets(knex, activeSecretsKeyring())
}

export const down = async (knex: Knex) => {
  const [{ count }] = (await knex('shopSecrets').count({ count: '*' })) as { count: string | number }[]
  if (Number(count) === 0) return
  await openSealedSecrets(knex, activeSecretsKeyring())
}
