import { shopUserSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { shopUsersScreen } from './shop-users.screen'

/** ShopUser records (spec §?): their columns, fields and search. */
export const shopUsersResource = defineResource({
  screen: shopUsersScreen,
  schema: shopUserSchema,
  name: 'shopUser.one',
  urlKey: 'shopUsers',
  empty: { text: 'empty.shopUsers', action: 'empty.shopUsersAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
