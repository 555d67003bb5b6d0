import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'

/**
 * Tells everyone a shop changed outside the shops service (its alias, its entitlement): the shops
 * service emits `patched` with the record as members read it, so web clients update, and every
 * process's ShopDirectory (which listens to that event here and, through peers, elsewhere: 0007)
 * drops its copy. The one way to announce a shop changed by something else than a shops call.
 */
export const announceShop = async (app: Application | undefined, shop: string) => {
  if (!app) return
  const shops = app.service(servicePaths.shops)
  shops.emit('patched', await shops.get(shop))
}
