import { servicePaths, type Shop, type ShopPatch } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import type { Values } from '../../lib/form-values'
import { translatablePaths } from '../../lib/table/search-query'

const warehouses = { path: servicePaths.warehouses, searchFields: translatablePaths('name') }

/** The stock settings of the shop (spec §3.1, settings/inventory; decision 0040). */
export const inventorySettingsFields: FieldDef[] = [
  { name: 'useInventoryLot', label: 'invSettings.useInventoryLot', type: 'boolean' },
  { name: 'posAllowOutOfStock', label: 'invSettings.posAllowOutOfStock', type: 'boolean' },
  // Spec §3.1 "stock and discounts": staff discount limits on manual order discounts (decision 0092).
  { name: 'useDiscountLimit', label: 'invSettings.useDiscountLimit', type: 'boolean' },
  { name: 'resetInventoryStatus', label: 'invSettings.resetInventoryStatus', type: 'boolean' },
  { name: 'lowStock', label: 'invSettings.lowStock', type: 'boolean' },
  {
    name: 'lowStockThres',
    label: 'invSettings.lowStockThres',
    type: 'number',
    hidden: (values) => !values.lowStock,
    validate: (value) => (typeof value === 'number' && value < 0 ? 'invSettings.notNegative' : undefined)
  },
  { name: 'posWarehouse', label: 'invSettings.posWarehouse', type: 'select', source: warehouses },
  { name: 'eshopWarehouse', label: 'invSettings.eshopWarehouse', type: 'select', source: warehouses },
  {
    name: 'barcodeLayouts',
    label: 'invSettings.barcodeLayouts',
    type: 'list',
    noItemId: true,
    wide: true,
    fields: [
      { name: 'prefix', label: 'invSettings.prefix', type: 'text', required: true },
      { name: 'itemDigits', label: 'invSettings.itemDigits', type: 'number', integer: true, required: true },
      {
        name: 'value',
        label: 'invSettings.value',
        type: 'select',
        required: true,
        source: { enumList: { price: 'invSettings.value.price', weight: 'invSettings.value.weight' } }
      },
      { name: 'valueDigits', label: 'invSettings.valueDigits', type: 'number', integer: true, required: true }
    ]
  }
]

/** The form's values for a shop; "Reset Product Status" is on unless the shop turned it off (decision 0040). */
export const inventorySettingsOf = (shop: Shop | undefined): Values => ({
  useInventoryLot: shop?.useInventoryLot ?? false,
  posAllowOutOfStock: shop?.posAllowOutOfStock ?? false,
  useDiscountLimit: shop?.useDiscountLimit ?? false,
  resetInventoryStatus: shop?.resetInventoryStatus ?? true,
  lowStock: shop?.lowStock ?? false,
  lowStockThres: shop?.lowStockThres ?? 0,
  posWarehouse: shop?.posWarehouse ?? null,
  eshopWarehouse: shop?.eshopWarehouse ?? null,
  barcodeLayouts: shop?.barcodeLayouts ?? []
})

/** The shop patch: only these settings, an unset warehouse as null, layouts with only their four keys. */
export const inventorySettingsPatch = (values: Values): ShopPatch => ({
  useInventoryLot: Boolean(values.useInventoryLot),
  posAllowOutOfStock: Boolean(values.posAllowOutOfStock),
  useDiscountLimit: Boolean(values.useDiscountLimit),
  resetInventoryStatus: Boolean(values.resetInventoryStatus),
  lowStock: Boolean(values.lowStock),
  lowStockThres: typeof values.lowStockThres === 'number' ? values.lowStockThres : 0,
  posWarehouse: (values.posWarehouse as string | null) || null,
  eshopWarehouse: (values.eshopWarehouse as string | null) || null,
  barcodeLayouts: ((values.barcodeLayouts as Values[] | undefined) ?? []).map((layout) => ({
    prefix: String(layout.prefix ?? '').trim(),
    itemDigits: Number(layout.itemDigits),
    value: layout.value === 'weight' ? 'weight' : 'price',
    valueDigits: Number(layout.valueDigits)
  }))
})
