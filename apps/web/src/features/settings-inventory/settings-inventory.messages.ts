import { defineMessages } from '../../lib/i18n/screen-messages'

/** Stock settings: the screen's own texts in every language (decision 0075). */
export const settingsInventoryMessages = defineMessages({
  en: {
    'route.settings/inventory': 'Inventory Settings',
    'invSettings.useInventoryLot': 'Use inventory lots',
    'invSettings.posAllowOutOfStock': 'POS may sell out of stock',
    'invSettings.useDiscountLimit': "Limit staff discounts (each staff member's maximum and monthly budget)",
    'invSettings.resetInventoryStatus': 'Reset Product Status',
    'invSettings.resetInventoryStatusHelp':
      'Products on sale become "Sold Out (auto)" when their stock reaches zero, and go back on sale when stock returns.',
    'invSettings.lowStock': 'Low stock reminder',
    'invSettings.lowStockThres': 'Low stock threshold',
    'invSettings.notNegative': 'Must not be negative',
    'invSettings.posWarehouse': 'POS warehouse',
    'invSettings.eshopWarehouse': 'E-shop warehouse',
    'invSettings.barcodeLayouts': 'Barcode layouts (weight or price in the barcode)',
    'invSettings.prefix': 'Prefix',
    'invSettings.itemDigits': 'Item digits',
    'invSettings.value': 'Value',
    'invSettings.value.price': 'Price',
    'invSettings.value.weight': 'Weight',
    'invSettings.valueDigits': 'Value digits',
    'invSettings.resetNow': 'Reset Product Status now',
    'invSettings.resetConfirm': 'Recount the stock and reset the status of every product now?',
    'invSettings.resetDone': 'Product status reset'
  },
  cht: {
    'route.settings/inventory': '庫存設定',
    'invSettings.useInventoryLot': '使用庫存批次',
    'invSettings.posAllowOutOfStock': 'POS 允許缺貨銷售',
    'invSettings.useDiscountLimit': '限制職員折扣（每位職員的最高折扣及每月額度）',
    'invSettings.resetInventoryStatus': '重設產品狀態',
    'invSettings.resetInventoryStatusHelp': '銷售中的產品在庫存歸零時會變為「售罄（自動）」，有庫存時會恢復銷售。',
    'invSettings.lowStock': '低庫存提示',
    'invSettings.lowStockThres': '低庫存閾值',
    'invSettings.notNegative': '不可為負數',
    'invSettings.posWarehouse': 'POS 倉庫',
    'invSettings.eshopWarehouse': '網店倉庫',
    'invSettings.barcodeLayouts': '條碼格式（條碼內含重量或價格）',
    'invSettings.prefix': '前綴',
    'invSettings.itemDigits': '貨品位數',
    'invSettings.value': '數值',
    'invSettings.value.price': '價格',
    'invSettings.value.weight': '重量',
    'invSettings.valueDigits': '數值位數',
    'invSettings.resetNow': '立即重設產品狀態',
    'invSettings.resetConfirm': '要立即重新計算庫存並重設所有產品的狀態嗎？',
    'invSettings.resetDone': '產品狀態已重設'
  },
  chs: {
    'route.settings/inventory': '库存设置',
    'invSettings.useInventoryLot': '使用库存批次',
    'invSettings.posAllowOutOfStock': 'POS 允许缺货销售',
    'invSettings.useDiscountLimit': '限制职员折扣（每位职员的最高折扣及每月额度）',
    'invSettings.resetInventoryStatus': '重设产品状态',
    'invSettings.resetInventoryStatusHelp': '销售中的产品在库存归零时会变为“售罄（自动）”，有库存时会恢复销售。',
    'invSettings.lowStock': '低库存提示',
    'invSettings.lowStockThres': '低库存阈值',
    'invSettings.notNegative': '不可为负数',
    'invSettings.posWarehouse': 'POS 仓库',
    'invSettings.eshopWarehouse': '网店仓库',
    'invSettings.barcodeLayouts': '条码格式（条码内含重量或价格）',
    'invSettings.prefix': '前缀',
    'invSettings.itemDigits': '货品位数',
    'invSettings.value': '数值',
    'invSettings.value.price': '价格',
    'invSettings.value.weight': '重量',
    'invSettings.valueDigits': '数值位数',
    'invSettings.resetNow': '立即重设产品状态',
    'invSettings.resetConfirm': '要立即重新计算库存并重设所有产品的状态吗？',
    'invSettings.resetDone': '产品状态已重设'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsInventory: keyof typeof settingsInventoryMessages.en
  }
}
