import { shopRankSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { shopRanksScreen } from './shop-ranks.screen'

/** ShopRank records (spec §?): their columns, fields and search. */
export const shopRanksResource = defineResource({
  screen: shopRanksScreen,
  schema: shopRankSchema,
  name: 'shopRank.one',
  urlKey: 'shopRanks',
  empty: { text: 'empty.shopRanks', action: 'empty.shopRanksAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
