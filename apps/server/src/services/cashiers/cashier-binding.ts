import type { Knex } from 'knex'
import { consumeDeviceToken } from '../../domains/pos/used-device-tokens'
import { badDeviceToken, verifyDeviceToken, type DeviceProof } from '../../domains/pos/device-token'

type Row = Record<string, unknown>

/**
 * The first half of a binding (spec §4.7, §7.5; decision 0095), before any lock is taken: the token
 * must be valid and be the device's own (its subject is the `deviceId` being set).
 */
export const proveDevice = async (deviceId: string, token: unknown, hosts: string[]): Promise<DeviceProof> => {
  const proof = await verifyDeviceToken(token, hosts)
  // Another device's valid token is refused like any other: telling it apart would confirm the token is good.
  if (proof.kid !== deviceId) throw badDeviceToken('the token is from another device than the one being bound')
  return proof
}

/**
 * Bindings to one device wait for each other, so two stations bound at once cannot both keep it. Taken
 * before the station's own row lock: a binding that unbinds a station another binding holds waits
 * for it, never the other way round.
 */
export const lockDevice = (trx: Knex.Transaction, shop: string, deviceId: string) =>
  trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`posDevice:${shop}:${deviceId}`])

/**
 * The second half, in the write's transaction and under the device's lock: the token is spent, and
 * every other station of the shop bound to the device is unbound (one station per device). Answers
 * the stations it unbound, for their `patched` events after the commit.
 */
export const takeDevice = async (
  trx: Knex.Transaction,
  binding: { shop: string; cashier: string | null; proof: DeviceProof }
): Promise<Row[]> => {
  await consumeDeviceToken(trx, binding.proof)
  const others = trx('cashiers').where({ shop: binding.shop, deviceId: binding.proof.kid })
  if (binding.cashier) others.whereNot('_id', binding.cashier)
  return (await others.update({ deviceId: null, updatedAt: trx.fn.now() }).returning('_id')) as Row[]
}
