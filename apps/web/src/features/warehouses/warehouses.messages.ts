import { defineMessages } from '../../lib/i18n/screen-messages'

/** Warehouses: the screen's own texts in every language (decision 0075). */
export const warehousesMessages = defineMessages({
  en: {
    'route.warehouses': 'Warehouses',
    'empty.warehouses': 'No warehouses yet. Create one to keep track of your stock.',
    'empty.warehousesAdd': 'Create a warehouse'
  },
  cht: {
    'route.warehouses': '倉庫',
    'empty.warehouses': '還沒有倉庫。建立倉庫以記錄你的庫存。',
    'empty.warehousesAdd': '建立倉庫'
  },
  chs: {
    'route.warehouses': '仓库',
    'empty.warehouses': '还没有仓库。创建仓库以记录你的库存。',
    'empty.warehousesAdd': '创建仓库'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    warehouses: keyof typeof warehousesMessages.en
  }
}
