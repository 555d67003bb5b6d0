import { defineMessages } from '../../lib/i18n/screen-messages'

/** Inventory logs: the screen's own texts in every language (decision 0075). */
export const inventoryLogsMessages = defineMessages({
  en: {
    'route.warehouses/inventoryLogs': 'Inventory Logs',
    'empty.inventoryLogs': 'No stock movements yet. Every restock, sale and transfer appears here.',
    'inventoryLog.one': 'Inventory log',
    'inventoryLog.date': 'Date',
    'inventoryLog.type': 'Type',
    'inventoryLog.type.restock': 'Restock',
    'inventoryLog.type.export': 'Take Away',
    'inventoryLog.type.separate': 'Separate',
    'inventoryLog.type.transfer': 'Transfer',
    'inventoryLog.type.crossTransfer': 'Transfer to shop',
    'inventoryLog.type.sale': 'Sale',
    'inventoryLog.type.return': 'Return',
    'inventoryLog.type.adjust': 'Adjustment',
    'inventoryLog.delta': 'Change',
    'inventoryLog.quantityAfter': 'Quantity after',
    'inventoryLog.source': 'Source',
    'inventoryLog.source.inventory': 'Inventory entry',
    'inventoryLog.source.operation': 'Stock operation',
    'inventoryLog.source.reservation': 'Reservation',
    'inventoryLog.source.order': 'Order',
    'inventoryLog.source.skuChange': 'SKUs changed',
    'inventoryLog.user': 'User'
  },
  cht: {
    'route.warehouses/inventoryLogs': '庫存記錄',
    'empty.inventoryLogs': '還沒有庫存變動。每次入貨、銷售及轉倉都會顯示在這裡。',
    'inventoryLog.one': '庫存記錄',
    'inventoryLog.date': '日期',
    'inventoryLog.type': '類型',
    'inventoryLog.type.restock': '入貨',
    'inventoryLog.type.export': '取走',
    'inventoryLog.type.separate': '拆分',
    'inventoryLog.type.transfer': '轉倉',
    'inventoryLog.type.crossTransfer': '轉至其他商店',
    'inventoryLog.type.sale': '銷售',
    'inventoryLog.type.return': '退貨',
    'inventoryLog.type.adjust': '調整',
    'inventoryLog.delta': '變動',
    'inventoryLog.quantityAfter': '變動後數量',
    'inventoryLog.source': '來源',
    'inventoryLog.source.inventory': '入庫記錄',
    'inventoryLog.source.operation': '庫存操作',
    'inventoryLog.source.reservation': '預留',
    'inventoryLog.source.order': '訂單',
    'inventoryLog.source.skuChange': 'SKU 變更',
    'inventoryLog.user': '用戶'
  },
  chs: {
    'route.warehouses/inventoryLogs': '库存记录',
    'empty.inventoryLogs': '还没有库存变动。每次入货、销售及转仓都会显示在这里。',
    'inventoryLog.one': '库存记录',
    'inventoryLog.date': '日期',
    'inventoryLog.type': '类型',
    'inventoryLog.type.restock': '入货',
    'inventoryLog.type.export': '取走',
    'inventoryLog.type.separate': '拆分',
    'inventoryLog.type.transfer': '转仓',
    'inventoryLog.type.crossTransfer': '转至其他商店',
    'inventoryLog.type.sale': '销售',
    'inventoryLog.type.return': '退货',
    'inventoryLog.type.adjust': '调整',
    'inventoryLog.delta': '变动',
    'inventoryLog.quantityAfter': '变动后数量',
    'inventoryLog.source': '来源',
    'inventoryLog.source.inventory': '入库记录',
    'inventoryLog.source.operation': '库存操作',
    'inventoryLog.source.reservation': '预留',
    'inventoryLog.source.order': '订单',
    'inventoryLog.source.skuChange': 'SKU 变更',
    'inventoryLog.user': '用户'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    inventoryLogs: keyof typeof inventoryLogsMessages.en
  }
}
