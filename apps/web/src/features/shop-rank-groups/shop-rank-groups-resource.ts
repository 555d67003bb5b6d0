import { shopRankGroupSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { shopRankGroupsScreen } from './shop-rank-groups.screen'

/** ShopRankGroup records (spec §?): their columns, fields and search. */
export const shopRankGroupsResource = defineResource({
  screen: shopRankGroupsScreen,
  schema: shopRankGroupSchema,
  name: 'shopRankGroup.one',
  urlKey: 'shopRankGroups',
  empty: { text: 'empty.shopRankGroups', action: 'empty.shopRankGroupsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
