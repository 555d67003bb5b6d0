import { Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { consumeDeviceToken } from '../../pos/used-device-tokens'
import { verifyDeviceToken } from '../../pos/device-token'

type Row = Record<string, unknown>

/**
 * Binds a cashier to a device (spec §4.7, §7.5; decision 0095), inside the write's transaction: the
 * token must be valid, be the device's own (its subject is the `deviceId` being set) and not used
 * before; then every other cashier of the shop bound to that device is unbound (one cashier per
 * device). Answers the cashiers it unbound, for their `patched` events after the commit.
 */
export const bindDevice = async (
  trx: Knex.Transaction,
  binding: { shop: string; cashier: string | null; deviceId: string; token: unknown; hosts: string[] }
): Promise<Row[]> => {
  const proof = await verifyDeviceToken(binding.token, binding.hosts)
  if (proof.kid !== binding.deviceId)
    throw new Forbidden('The token is not from the device being bound', { key: 'pos.error.deviceMismatch', field: 'deviceId' })
  await consumeDeviceToken(trx, proof)
  const others = trx('cashiers').where({ shop: binding.shop, deviceId: binding.deviceId })
  if (binding.cashier) others.whereNot('_id', binding.cashier)
  return (await others.update({ deviceId: null, updatedAt: trx.fn.now() }).returning('_id')) as Row[]
}
