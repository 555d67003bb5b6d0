import { servicePaths, productBundleSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Row } from '../../lib/resource-client'
import { translatablePaths } from '../../lib/table/search-query'
import { editPath } from '../../lib/screens/screen'
import { productBundlesScreen } from './product-bundles.screen'

/** Product bundles (spec §3.7): products with quantities sold together at one price. */
export const productBundlesResource = defineResource({
  screen: productBundlesScreen,
  schema: productBundleSchema,
  name: 'bundle.one',
  urlKey: 'productBundles',
  // "All fields" gives a row per bundled product (decision 0071).
  exportRows: 'products',
  empty: { text: 'empty.bundles', action: 'empty.bundlesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'price', text: 'product.price', kind: 'money', sortable: true },
    {
      value: 'products',
      text: 'bundle.productCount',
      render: (row: Row) => String((row.products as unknown[] | undefined)?.length ?? 0)
    },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'price', label: 'product.price', type: 'money', required: true },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    {
      name: 'products',
      label: 'bundle.products',
      type: 'list',
      noItemId: true,
      required: true,
      fields: [
        {
          name: 'product',
          label: 'bundle.product',
          type: 'select',
          required: true,
          source: { path: servicePaths.products, searchFields: translatablePaths('name') }
        },
        {
          name: 'sku',
          label: 'product.sku',
          type: 'recordItem',
          source: { path: servicePaths.products, from: 'product', list: 'skus' }
        },
        { name: 'quantity', label: 'product.quantity', type: 'number', integer: true, required: true }
      ]
    }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }],
  addRoute: editPath(productBundlesScreen),
  defaults: () => ({ products: [{ quantity: 1 }] }),
  // Quantities of at least one (the schema's minimum); an unchosen SKU is none.
  prepare: (data) => ({
    ...data,
    products: ((data.products as Row[] | undefined) ?? []).map((item) => ({
      product: item.product,
      sku: item.sku || null,
      quantity: Math.max(1, Number(item.quantity) || 1)
    }))
  })
})
