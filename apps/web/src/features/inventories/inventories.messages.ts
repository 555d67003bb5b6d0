import { defineMessages } from '../../lib/i18n/screen-messages'

/** Inventory entries: the screen's own texts in every language (decision 0075). */
export const inventoriesMessages = defineMessages({
  en: {
    'route.warehouses/inventories': 'Inventories',
    'route.warehouses/inventories/edit': 'Edit Inventory',
    'empty.inventories': 'No stock entries yet. Record a restock to add your first stock.',
    'empty.inventoriesAdd': 'Record a restock'
  },
  cht: {
    'route.warehouses/inventories': '庫存',
    'route.warehouses/inventories/edit': '編輯庫存',
    'empty.inventories': '還沒有入庫記錄。記錄一次入貨，加入第一批庫存。',
    'empty.inventoriesAdd': '記錄入貨'
  },
  chs: {
    'route.warehouses/inventories': '库存',
    'route.warehouses/inventories/edit': '编辑库存',
    'empty.inventories': '还没有入库记录。记录一次入货，加入第一批库存。',
    'empty.inventoriesAdd': '记录入货'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    inventories: keyof typeof inventoriesMessages.en
  }
}
