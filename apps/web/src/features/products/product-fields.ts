import { servicePaths, weightUnits, type ProductRecord } from '@emporia/shared'
import type { RecordFieldDef } from '../../components/data-table/resource'
import type { FieldDef } from '../../components/fields/field-types'
import { LabelPrintField } from '../../components/pos-devices/label-print-dialog'
import type { Values } from '../../lib/form-values'
import { translatablePaths } from '../../lib/table/search-query'
import { availLabels, weightTypeLabels, weightUnitLabels } from './product-labels'
import { ProductStatusInput } from './product-status-field'
import { ProductStockInput } from './product-stock-field'
import { SeoInput } from './seo-field'
import { SpecValuesInput } from './spec-values-field'

const named = { searchFields: translatablePaths('name') }

const notWeighted = (values: Values) => values.weightType !== 'weighted'

const money = <N extends string>(name: N, label: FieldDef['label']): FieldDef & { name: N } => ({ name, label, type: 'money' })

/** A SKU (spec §3.7): a generated id that never changes (stock is kept under it), name, code, prices. */
const skuFields: FieldDef[] = [
  { name: 'name', label: 'product.skuName', type: 'translatable', required: true },
  { name: 'code', label: 'product.skuCode', type: 'text' },
  money('price', 'product.price'),
  money('dprice', 'product.dprice'),
  money('cprice', 'product.cprice'),
  money('mprice', 'product.mprice')
]

/** Every field of spec §3.7 a person edits, plus the derived stock (read-only) with its operations. */
export const productFields: RecordFieldDef<ProductRecord>[] = [
  { name: 'name', label: 'res.name', type: 'translatable', required: true },
  { name: 'posCode', label: 'product.posCode', type: 'text' },
  { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
  { name: 'images', label: 'product.images', type: 'images', wide: true },
  // The live status while untouched: the same value the list shows (decision 0070).
  { name: 'status', label: 'product.status', type: 'custom', component: ProductStatusInput },
  { name: 'avail', label: 'product.avail', type: 'select', source: { enumList: availLabels } },
  { name: 'stock', label: 'product.stock', type: 'custom', component: ProductStockInput, display: true, wide: true },
  { name: 'labels', label: 'labelPrint.action', type: 'custom', component: LabelPrintField, display: true },
  money('price', 'product.price'),
  money('dprice', 'product.dprice'),
  money('cprice', 'product.cprice'),
  money('mprice', 'product.mprice'),
  { name: 'category', label: 'product.mainCategory', type: 'select', source: { path: servicePaths.categories, ...named } },
  {
    name: 'categories',
    label: 'product.categories',
    type: 'select',
    multiple: true,
    source: { path: servicePaths.categories, ...named }
  },
  { name: 'brand', label: 'res.brand', type: 'select', source: { path: servicePaths.brands, ...named } },
  { name: 'tags', label: 'product.tags', type: 'select', multiple: true, source: { path: servicePaths.tags, ...named } },
  { name: 'skus', label: 'product.skus', type: 'list', fields: skuFields, wide: true },
  {
    name: 'attributes',
    label: 'product.attributes',
    type: 'list',
    noItemId: true,
    wide: true,
    fields: [
      { name: 'name', label: 'res.name', type: 'translatable', required: true },
      { name: 'values', label: 'product.attributeValues', type: 'textList' }
    ]
  },
  { name: 'specs', label: 'product.specs', type: 'custom', component: SpecValuesInput, wide: true },
  { name: 'popular', label: 'product.popular', type: 'boolean' },
  { name: 'exclusive', label: 'product.exclusive', type: 'boolean' },
  { name: 'ageRestricted', label: 'product.ageRestricted', type: 'boolean' },
  { name: 'allowOutOfStock', label: 'product.allowOutOfStock', type: 'boolean' },
  { name: 'inventoryUnit', label: 'product.inventoryUnit', type: 'translatable' },
  { name: 'weightType', label: 'product.weightType', type: 'select', source: { enumList: weightTypeLabels } },
  {
    name: 'weightUnit',
    label: 'product.weightUnit',
    type: 'select',
    source: { enumList: Object.fromEntries(weightUnits.map((unit) => [unit, weightUnitLabels[unit]])) },
    hidden: notWeighted
  },
  { name: 'weightUnitQuantity', label: 'product.weightUnitQuantity', type: 'number', hidden: notWeighted },
  {
    name: 'separateProducts',
    label: 'product.separateProducts',
    type: 'list',
    noItemId: true,
    fields: [
      {
        name: 'product',
        label: 'product.unitProduct',
        type: 'select',
        required: true,
        source: { path: servicePaths.products, ...named }
      },
      {
        name: 'sku',
        label: 'product.sku',
        type: 'recordItem',
        source: { path: servicePaths.products, from: 'product', list: 'skus' }
      }
    ]
  },
  { name: 'separateRatio', label: 'product.separateRatio', type: 'number', integer: true },
  {
    name: 'productLinks',
    label: 'product.productLinks',
    type: 'list',
    noItemId: true,
    wide: true,
    fields: [
      { name: 'shop', label: 'product.linkShop', type: 'text', required: true },
      { name: 'product', label: 'product.linkProduct', type: 'text', required: true },
      money('price', 'product.price'),
      { name: 'quantity', label: 'product.linkQuantity', type: 'number' },
      { name: 'crossWarehouse', label: 'product.crossWarehouse', type: 'text' },
      { name: 'intoProduct', label: 'product.intoProduct', type: 'boolean' }
    ]
  },
  { name: 'content', label: 'product.content', type: 'richtext' },
  { name: 'seo', label: 'product.seo', type: 'custom', component: SeoInput, wide: true }
]
