import { servicePaths, productRelatedSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Row } from '../../lib/resource-client'
import { translatablePaths } from '../../lib/table/search-query'
import { editPath } from '../../lib/screens/screen'
import { productRelatedsScreen } from './product-relateds.screen'

/** Related-product lists (spec §3.7): a named list of products shown together. */
export const productRelatedsResource = defineResource({
  screen: productRelatedsScreen,
  schema: productRelatedSchema,
  name: 'related.one',
  urlKey: 'productRelateds',
  empty: { text: 'empty.relateds', action: 'empty.relatedsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    {
      value: 'products',
      text: 'bundle.productCount',
      render: (row: Row) => String((row.products as unknown[] | undefined)?.length ?? 0)
    },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    {
      name: 'products',
      label: 'bundle.products',
      type: 'select',
      multiple: true,
      wide: true,
      source: { path: servicePaths.products, searchFields: translatablePaths('name') }
    }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }],
  addRoute: editPath(productRelatedsScreen),
  defaults: () => ({ products: [] })
})
