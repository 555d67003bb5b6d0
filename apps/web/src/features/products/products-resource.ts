import { productListFields, servicePaths, type LocaleId, type ProductStatus, productSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { FieldDef } from '../../components/fields/field-types'
import { LabelPrintDialogLazy } from '../../components/pos-devices/label-print-button'
import { listTAny } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { translatablePaths } from '../../lib/table/search-query'
import { setProductsStatus } from './product-api'
import { productFields, productSections } from './product-fields'
import { availLabels, choosableStatusLabels, statusLabels } from './product-labels'
import { prepareProduct, prepareProductClone } from './product-rules'
import { editPath } from '../../lib/screens/screen'
import { useCurrentShopId } from '../../lib/shop'
import { productsScreen } from './products.screen'

const named = { searchFields: translatablePaths('name') }

/** Who a product is shared with is the owning shop's to change (spec §6.3): a partner shop sees it locked. */
const useSharingLock = (record: { shop?: string } | undefined) => {
  const shop = useCurrentShopId()
  return record && record.shop !== shop ? (field: FieldDef) => field.name === 'accessShop' : undefined
}

/** Products (spec §2.2, §3.7, §3.16: keyword search), with a batch status change of the selection. */
export const productsResource = defineResource({
  screen: productsScreen,
  schema: productSchema,
  name: 'product.one',
  urlKey: 'products',
  // "All fields" gives a row per SKU: its prices and code beside the product's (decision 0071).
  exportRows: 'skus',
  empty: { text: 'empty.products', action: 'empty.productsAdd' },
  columns: [
    { value: 'images.0', text: 'product.image', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'posCode', text: 'product.posCode', sortable: true },
    { value: 'price', text: 'product.price', kind: 'money', sortable: true },
    { value: 'cachedInventory', text: 'product.stock', kind: 'number', sortable: true },
    { value: 'status', text: 'product.status', enumList: statusLabels, sortable: true },
    { value: 'avail', text: 'product.avail', enumList: availLabels },
    { value: 'category', text: 'product.mainCategory', lookup: { path: servicePaths.categories } },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  // The list reads what its columns show (decision 0103); the editor and "all fields" exports read whole records.
  select: [...productListFields],
  fields: productFields,
  sections: productSections,
  search: [
    { field: '$search', type: 'raw', label: 'product.keyword' },
    { field: 'categories', type: 'select', label: 'res.category', source: { path: servicePaths.categories, ...named } },
    { field: 'brand', type: 'select', label: 'res.brand', source: { path: servicePaths.brands, ...named } },
    { field: 'tags', type: 'select', label: 'product.tags', source: { path: servicePaths.tags, ...named } },
    { field: 'status', type: 'enum', label: 'product.status', enumList: statusLabels },
    { field: 'cachedInventory', type: 'numberRange', label: 'product.stock' }
  ],
  addRoute: editPath(productsScreen),
  defaults: () => ({ status: 'selling', avail: 'both' }),
  recordTitle: (row, language) => resolveText(row.name as Translatable, language as LocaleId, listTAny),
  prepare: (data, record) => prepareProduct(data, record),
  prepareClone: prepareProductClone,
  useLockedFields: useSharingLock,
  batchActions: [
    {
      key: 'status',
      label: 'product.batchStatus',
      options: choosableStatusLabels as Record<string, never>,
      run: (ids, status) => setProductsStatus(ids, status as ProductStatus),
      done: 'product.batchStatusDone'
    },
    // Labels of the selected products (spec §3.12 label print), on this device's printer.
    { key: 'labels', label: 'labelPrint.action', run: () => Promise.resolve(), dialog: LabelPrintDialogLazy }
  ]
})
