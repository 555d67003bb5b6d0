import { defineMessages } from '../../lib/i18n/screen-messages'

/** Products: the screen's own texts in every language (decision 0075). */
export const productsMessages = defineMessages({
  en: {
    'route.products': 'Products',
    'route.products/edit': 'Edit Product',
    'empty.products': 'No products yet. Add your first product to start selling.',
    'empty.productsAdd': 'Add your first product',
    'stockOp.open': 'Inventory',
    'stockOp.title': 'Inventory operation',
    'stockOp.mode': 'Operation',
    'stockOp.mode.restock': 'Restock',
    'stockOp.mode.export': 'Take Away',
    'stockOp.mode.separate': 'Separate',
    'stockOp.mode.transfer': 'Transfer',
    'stockOp.mode.crossTransfer': 'Transfer to another shop',
    'stockOp.warehouse': 'Warehouse',
    'stockOp.toWarehouse': 'To warehouse',
    'stockOp.toShop': 'To shop',
    'stockOp.delta': 'Quantity',
    'stockOp.comment': 'Comment',
    'stockOp.convert': 'Convert To {quantity} Unit',
    'stockOp.submit': 'Confirm',
    'stockOp.done': 'Stock updated',
    'stockOp.positive': 'Must be more than 0',
    'stockOp.sameWarehouse': 'Choose another warehouse',
    'stockOp.insufficient': 'Insufficient stock',
    'stockOp.insufficientAvailable': 'Insufficient stock: only {available} available'
  },
  cht: {
    'route.products': '產品',
    'route.products/edit': '編輯產品',
    'empty.products': '還沒有產品。新增第一件產品，就可以開始銷售。',
    'empty.productsAdd': '新增第一件產品',
    'stockOp.open': '庫存',
    'stockOp.title': '庫存操作',
    'stockOp.mode': '操作',
    'stockOp.mode.restock': '入貨',
    'stockOp.mode.export': '取走',
    'stockOp.mode.separate': '拆分',
    'stockOp.mode.transfer': '轉倉',
    'stockOp.mode.crossTransfer': '轉至其他商店',
    'stockOp.warehouse': '倉庫',
    'stockOp.toWarehouse': '目標倉庫',
    'stockOp.toShop': '目標商店',
    'stockOp.delta': '數量',
    'stockOp.comment': '備註',
    'stockOp.convert': '轉換為 {quantity} 個單位',
    'stockOp.submit': '確認',
    'stockOp.done': '庫存已更新',
    'stockOp.positive': '必須大於 0',
    'stockOp.sameWarehouse': '請選擇另一個倉庫',
    'stockOp.insufficient': '庫存不足',
    'stockOp.insufficientAvailable': '庫存不足：只有 {available} 件可用'
  },
  chs: {
    'route.products': '产品',
    'route.products/edit': '编辑产品',
    'empty.products': '还没有产品。新增第一件产品，就可以开始销售。',
    'empty.productsAdd': '新增第一件产品',
    'stockOp.open': '库存',
    'stockOp.title': '库存操作',
    'stockOp.mode': '操作',
    'stockOp.mode.restock': '入货',
    'stockOp.mode.export': '取走',
    'stockOp.mode.separate': '拆分',
    'stockOp.mode.transfer': '转仓',
    'stockOp.mode.crossTransfer': '转至其他商店',
    'stockOp.warehouse': '仓库',
    'stockOp.toWarehouse': '目标仓库',
    'stockOp.toShop': '目标商店',
    'stockOp.delta': '数量',
    'stockOp.comment': '备注',
    'stockOp.convert': '转换为 {quantity} 个单位',
    'stockOp.submit': '确认',
    'stockOp.done': '库存已更新',
    'stockOp.positive': '必须大于 0',
    'stockOp.sameWarehouse': '请选择另一个仓库',
    'stockOp.insufficient': '库存不足',
    'stockOp.insufficientAvailable': '库存不足：只有 {available} 件可用'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    products: keyof typeof productsMessages.en
  }
}
