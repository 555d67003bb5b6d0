import { servicePaths, type Cashier, type CashierData, type CashierPatch, type Page } from '@emporia/shared'
import { loadClient } from '../../../lib/client'
import { shopApi, typedService } from '../../../lib/resource-client'
import { getCurrentShopId } from '../../../lib/shop'

/* The calls of spec §7.4 on `shop/cashiers`, and the shop save of the legacy migration (§7.3). */

const api = () => shopApi(servicePaths.cashiers)
const list = (result: Page<Cashier> | Cashier[]) => (Array.isArray(result) ? result : result.data)

/** find {deviceId, $paginate: false}: the cashier bound to this device. */
export const findBound = async (deviceId: string) => list(await api().find({ deviceId, $paginate: false }))

/** find {$paginate: false}: every cashier of the shop. */
export const findAll = async () => list(await api().find({ $paginate: false, $sort: { id: 1 } }))

export const createCashier = (data: CashierData) => api().create(data)

/** Binding carries this device's token (decision 0095: data field `deviceToken`); the server keeps neither. */
export const patchCashier = (id: string, patch: CashierPatch) => api().patch(id, patch)

/** The legacy list is only ever set to null (spec §7.3 "Save shop with {posCashiers: null}"). */
export const clearLegacyCashiers = async () => {
  const { client } = await loadClient()
  await client.service(servicePaths.shops).patch(getCurrentShopId()!, { posCashiers: null })
}

/** Listens to `created` and `patched` (spec §7.4); answers how to stop. */
export const onCashierEvents = async (listener: (cashier: Cashier) => void) => {
  const service = await typedService(servicePaths.cashiers)
  const handler = (data: unknown) => listener(data as Cashier)
  service.on('created', handler)
  service.on('patched', handler)
  return () => {
    service.removeListener('created', handler)
    service.removeListener('patched', handler)
  }
}

/** Calls `listener` each time the socket connects again (the binding may have changed while it was away). */
export const onReconnect = async (listener: () => void) => {
  const { socket } = await loadClient()
  socket.io.on('reconnect', listener)
  return () => void socket.io.off('reconnect', listener)
}
