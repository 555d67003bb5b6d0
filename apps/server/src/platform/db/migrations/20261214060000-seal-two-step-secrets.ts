import type { Knex } from 'knex'
import { openColumns, resealColumns, twoStepSecrets } from '../../secrets/sealed-columns'
import { activeSecretsKeyring } from '../../secrets/secrets-key'

/**
 * Staff accounts' two-step sign-in secrets were kept in clear in `userTwoStep` (decision 0136): each is
 * sealed with the secrets key, bound to its account (decision 0212). The key is the process's, loaded
 * before migrating; a database without two-step secrets (a new one, the test template) needs none.
 */
const stored = async (knex: Knex) => {
  const [{ count }] = (await knex('userTwoStep')
    .whereNotNull('secret')
    .orWhereNotNull('pendingSecret')
    .count({ count: '*' })) as { count: string | number }[]
  return Number(count)
}

export const up = async (knex: Knex) => {
  if ((await stored(knex)) === 0) return
  await resealColumns(knex, twoStepSecrets, activeSecretsKeyring())
}

export const down = async (knex: Knex) => {
  if ((await stored(knex)) === 0) return
  await openColumns(knex, twoStepSecrets, activeSecretsKeyring())
}
