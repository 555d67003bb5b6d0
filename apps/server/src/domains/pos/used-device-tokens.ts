import type { Knex } from 'knex'
import { DEVICE_TOKEN_SKEW_SECONDS, badDeviceToken, type DeviceProof } from './device-token'

const TABLE = 'posDeviceTokens'

/**
 * Spends a device token (decision 0095): its `jti` (per key) is recorded in the caller's transaction, so the
 * binding and the spending commit or roll back together; a second use, even a concurrent one (the
 * insert waits for the first transaction), is refused. A jti is kept until the token could no longer
 * be accepted anyway (its exp plus the clock skew); older ones are swept at each binding.
 */
export const consumeDeviceToken = async (trx: Knex.Transaction, proof: DeviceProof, now = Date.now()) => {
  await trx(TABLE).where('exp', '<', new Date(now)).delete()
  const kept = new Date((proof.exp + DEVICE_TOKEN_SKEW_SECONDS) * 1000)
  const inserted = (await trx(TABLE)
    .insert({ kid: proof.kid, jti: proof.jti, exp: kept })
    .onConflict(['kid', 'jti'])
    .ignore()
    .returning('jti')) as unknown[]
  if (!inserted.length) throw badDeviceToken('already used')
}
