import { describe, expect, it } from 'vitest'
import { inventorySettingsOf, inventorySettingsPatch } from './settings-inventory-fields'

describe('inventory settings (spec §3.1)', () => {
  it('starts with Reset Product Status on unless the shop turned it off', () => {
    expect(inventorySettingsOf(undefined).resetInventoryStatus).toBe(true)
    expect(inventorySettingsOf({ resetInventoryStatus: false } as never).resetInventoryStatus).toBe(false)
  })

  it('patches only the stock settings, unset warehouses as null, layouts with their four keys', () => {
    expect(
      inventorySettingsPatch({
        lowStock: true,
        lowStockThres: 5,
        posWarehouse: '',
        barcodeLayouts: [{ prefix: ' 21 ', itemDigits: 5, value: 'weight', valueDigits: 5, extra: 1 }]
      })
    ).toEqual({
      useInventoryLot: false,
      posAllowOutOfStock: false,
      useDiscountLimit: false,
      resetInventoryStatus: false,
      lowStock: true,
      lowStockThres: 5,
      posWarehouse: null,
      eshopWarehouse: null,
      barcodeLayouts: [{ prefix: '21', itemDigits: 5, value: 'weight', valueDigits: 5 }]
    })
  })
})
