import { defineMessages } from '../../lib/i18n/screen-messages'

/** Inventory lots: the screen's own texts in every language (decision 0075). */
export const inventoryLotsMessages = defineMessages({
  en: {
    'route.warehouses/inventoryLots': 'Inventory Lots',
    'empty.inventoryLots': 'No inventory lots yet. Restocks are kept as lots once inventory lots are turned on.',
    'empty.inventoryLotsAction': 'Go to inventory settings',
    'inventoryLot.one': 'Inventory lot',
    'inventoryLot.originalQuantity': 'Original quantity',
    'inventoryLot.quantity': 'Remaining',
    'inventoryLot.status': 'Status',
    'inventoryLot.status.active': 'Active',
    'inventoryLot.status.empty': 'Used up',
    'inventoryLot.status.expired': 'Expired'
  },
  cht: {
    'route.warehouses/inventoryLots': '庫存批次',
    'empty.inventoryLots': '還沒有庫存批次。開啟「使用庫存批次」後，每次入貨都會記錄為一個批次。',
    'empty.inventoryLotsAction': '前往庫存設定',
    'inventoryLot.one': '庫存批次',
    'inventoryLot.originalQuantity': '原數量',
    'inventoryLot.quantity': '剩餘',
    'inventoryLot.status': '狀態',
    'inventoryLot.status.active': '使用中',
    'inventoryLot.status.empty': '已用完',
    'inventoryLot.status.expired': '已過期'
  },
  chs: {
    'route.warehouses/inventoryLots': '库存批次',
    'empty.inventoryLots': '还没有库存批次。开启「使用库存批次」后，每次入货都会记录为一个批次。',
    'empty.inventoryLotsAction': '前往库存设置',
    'inventoryLot.one': '库存批次',
    'inventoryLot.originalQuantity': '原数量',
    'inventoryLot.quantity': '剩余',
    'inventoryLot.status': '状态',
    'inventoryLot.status.active': '使用中',
    'inventoryLot.status.empty': '已用完',
    'inventoryLot.status.expired': '已过期'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    inventoryLots: keyof typeof inventoryLotsMessages.en
  }
}
