import type { Knex } from 'knex'
import { newObjectId } from '../../src/platform/http/object-id'

/**
 * Links `child` as an accepted sub-shop of `parent` (decision 0087), the consent sharing a product
 * needs (decision 0123). Straight in the table: the invitation flow has tests of its own.
 */
export const linkShops = async (knex: Knex, parent: string, child: string) => {
  await knex('shopMembers').insert({
    _id: newObjectId(),
    shop: parent,
    email: `sub-${child}@example.com`,
    role: 'subshop',
    accepted: true,
    subShop: child
  })
}
