import { servicePaths, weightUnits, type ProductRecord } from '@emporia/shared'
import type { EditorSection, RecordFieldDef } from '../../components/data-table/resource'
import type { FieldDef } from '../../components/fields/field-types'
import { LabelPrintField } from '../../components/pos-devices/label-print-button'
import type { Values } from '../../lib/form-values'
import { translatablePaths } from '../../lib/table/search-query'
import { availLabels, weightTypeLabels, weightUnitLabels } from './product-labels'
import { Preview3dInput } from './preview-3d-field'
import { ProductLinksInput } from './product-links-field'
import { ProductStatusInput } from './product-status-field'
import { ProductStockInput } from './product-stock-field'
import { SeoInput } from './seo-field'
import { SpecValuesInput } from './spec-values-field'
import { SubShopInput } from './sub-shop-field'
import { VariantMatrixInput } from './variant-matrix-field'

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
  { name: 'preview3d', label: 'product.preview3d', type: 'custom', component: Preview3dInput, wide: true },
  // The live status while untouched: the same value the list shows (decision 0070).
  { name: 'status', label: 'product.status', type: 'custom', component: ProductStatusInput },
  { name: 'avail', label: 'product.avail', type: 'select', source: { enumList: availLabels } },
  { name: 'stock', label: 'product.stock', type: 'custom', component: ProductStockInput, display: true, wide: true },
  { name: 'labels', label: 'labelPrint.action', type: 'custom', component: LabelPrintField, display: true },
  money('price', 'product.price'),
  money('dprice', 'product.dprice'),
  money('cprice', 'product.cprice'),
  money('mprice', 'product.mprice'),
  { name: 'points', label: 'product.points', type: 'number', integer: true, help: 'product.points.help' },
  {
    name: 'coupons',
    label: 'product.coupons',
    type: 'select',
    multiple: true,
    help: 'product.coupons.help',
    source: { path: servicePaths.couponTemplates, ...named }
  },
  { name: 'category', label: 'product.mainCategory', type: 'select', source: { path: servicePaths.categories, ...named } },
  {
    name: 'categories',
    label: 'product.categories',
    type: 'select',
    multiple: true,
    source: { path: servicePaths.categories, ...named }
  },
  { name: 'brand', label: 'res.brand', type: 'select', source: { path: servicePaths.brands, ...named } },
  { name: 'subShop', label: 'product.subShop', type: 'custom', component: SubShopInput },
  { name: 'tags', label: 'product.tags', type: 'select', multiple: true, source: { path: servicePaths.tags, ...named } },
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
  { name: 'variantMatrix', label: 'product.matrix', type: 'custom', component: VariantMatrixInput, display: true, wide: true },
  { name: 'skus', label: 'product.skus', type: 'list', fields: skuFields, wide: true },
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
  // Another shop's product picked by name among the shops the merchant may link (decision 0189).
  { name: 'productLinks', label: 'product.productLinks', type: 'custom', component: ProductLinksInput, wide: true },
  { name: 'content', label: 'product.content', type: 'richtext' },
  { name: 'seo', label: 'product.seo', type: 'custom', component: SeoInput, wide: true },
  // Spec §6.3: which other shops may modify (write) or remove (owner) this product.
  { name: 'accessShop', label: 'product.accessShop', type: 'acl', wide: true }
]

/**
 * The editor's cards, as a merchant scans a product page (Shopify's order): what it is, how it looks,
 * what it costs, stock, variants, weight, links to other shops, where it sells, sharing, search.
 */
export const productSections: EditorSection[] = [
  {
    key: 'basics',
    title: 'product.section.basics',
    fields: ['name', 'posCode', 'desc', 'content', 'category', 'categories', 'brand', 'tags', 'specs', 'subShop']
  },
  { key: 'media', title: 'product.section.media', fields: ['images', 'preview3d'] },
  { key: 'pricing', title: 'product.section.pricing', fields: ['price', 'dprice', 'cprice', 'mprice', 'points', 'coupons'] },
  {
    key: 'stock',
    title: 'product.section.stock',
    fields: ['stock', 'labels', 'allowOutOfStock', 'inventoryUnit', 'separateProducts', 'separateRatio']
  },
  { key: 'variants', title: 'product.section.variants', fields: ['attributes', 'variantMatrix', 'skus'] },
  { key: 'weight', title: 'product.section.weight', fields: ['weightType', 'weightUnit', 'weightUnitQuantity'] },
  { key: 'links', title: 'product.section.links', fields: ['productLinks'] },
  {
    key: 'channels',
    title: 'product.section.channels',
    fields: ['status', 'avail', 'popular', 'exclusive', 'ageRestricted']
  },
  { key: 'sharing', title: 'product.section.sharing', fields: ['accessShop'] },
  { key: 'seo', title: 'product.section.seo', fields: ['seo'] }
]
