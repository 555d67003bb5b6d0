import { NotFound } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { servicePaths, type ShopDeletion, type ShopDeletionData } from '@emporia/shared'
import { cancelShopDeletion, requestShopDeletion, shopDeletionState } from '../../domains/shop-transfer/shop-deletion'
import { noEvent, shopOf, userOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { announceShop } from '../../platform/tenancy'

/**
 * `shop/deletion` (decision 0211): find `{shop}` answers whether and when the shop is to be deleted;
 * create `{shop, confirmName}` asks for it (the shop's name typed again), closing the shop at once;
 * remove `(shop, {shop})` cancels it (another id: 404). Admins only; the one path a shop marked for deletion answers.
 */
export const shopDeletion = (context: ServiceContext) => (app: Application) => {
  const { knex } = context.db
  const service = {
    async find(params: RecordParams = {}): Promise<ShopDeletion> {
      return shopDeletionState(knex, shopOf(params))
    },
    async create(data: ShopDeletionData, params: RecordParams = {}): Promise<ShopDeletion> {
      const shop = shopOf(params)
      const user = userOf(params) ?? ''
      const now = context.clock.now()
      const answer = await knex.transaction((trx) =>
        requestShopDeletion(trx, shop, { confirmName: data?.confirmName, user, now })
      )
      await announceShop(app, shop)
      return answer
    },
    async remove(id: string | null, params: RecordParams = {}): Promise<ShopDeletion> {
      const shop = shopOf(params)
      // The id names the shop whose deletion is cancelled: the asking shop's own, or nothing.
      if (id !== shop) throw new NotFound('No such shop')
      const answer = await knex.transaction((trx) => cancelShopDeletion(trx, shop, context.clock.now()))
      await announceShop(app, shop)
      return answer
    }
  }
  registerShopPath(app, context.directory, servicePaths.shopDeletion, service, ['find', 'create', 'remove'])
  app.service(servicePaths.shopDeletion).hooks({ after: { all: [noEvent] } })
}
