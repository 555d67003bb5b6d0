import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { shopTransaction } from '../../platform/tenancy'
import { shopOf } from '../../domains/stock/service-support'

/** An accepted member whose account has not verified its e-mail, by the name colleagues know them by. */
export interface UnverifiedMember {
  user: string
  name: string
}

/**
 * `shop/unverified-staff` find (admins; decision 0138): the shop's accepted members whose e-mail is
 * not verified, so the settings/verify screen can say whom turning the requirement on would lock out.
 */
export const shopUnverifiedStaff = (context: ServiceContext) => (app: Application) => {
  const service = {
    async find(params: RecordParams = {}): Promise<{ shop: string; total: number; data: UnverifiedMember[] }> {
      const shop = shopOf(params)
      const rows = await shopTransaction(context.db.knex, context.records.rowSecurity, shop, (trx) =>
        trx('shopMembers as m')
          .join('users as u', 'u._id', 'm.user')
          .where({ 'm.shop': shop, 'm.accepted': true, 'u.verified': false })
          .whereNot('m.role', 'subshop')
          .select('m.user as user', 'm.name as name', 'm.email as email')
          .orderBy([{ column: 'm.createdAt' }, { column: 'm._id' }])
          .limit(500)
      )
      const data = (rows as { user: string; name: string | null; email: string }[]).map((row) => ({
        user: row.user.trim(),
        name: row.name || row.email.split('@')[0]
      }))
      return { shop, total: data.length, data }
    }
  }
  registerShopPath(app, context.directory, servicePaths.shopUnverifiedStaff, service, ['find'])
}
