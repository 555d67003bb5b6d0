import { defineMessages } from '../../lib/i18n/screen-messages'

/** Shipping methods: the screen's own texts in every language (decision 0113), and its service's refusals. */
export const settingsShippingMethodsMessages = defineMessages({
  en: {
    'route.settings/shippingMethods/edit': 'Edit Shipping Method',
    'shipping.one': 'Shipping method',
    'shipping.enabled': 'Offered at checkout',
    'shipping.desc': 'Description',
    'shipping.price': 'Shipping fee',
    'shipping.priceRanges': 'Fees by order total (used before the shipping fee)',
    'shipping.rangeMin': 'Order total from',
    'shipping.rangeMax': 'Up to (not including; empty: and above)',
    'shipping.rangePrice': 'Fee',
    'shipping.rangeMaxAboveMin': 'Must be more than "Order total from"',
    'shipping.rangeOverlap': 'Overlaps range {other}',
    'shipping.rangesOverlap': 'Two ranges overlap: each order total may fall in one range only',
    'empty.shippingMethods': 'No shipping methods yet. Add one so customers can choose delivery at checkout.',
    'empty.shippingMethodsAdd': 'Add a shipping method'
  },
  cht: {
    'route.settings/shippingMethods/edit': '編輯送貨方式',
    'shipping.one': '送貨方式',
    'shipping.enabled': '於結帳時提供',
    'shipping.desc': '描述',
    'shipping.price': '運費',
    'shipping.priceRanges': '按訂單總額收費（優先於運費）',
    'shipping.rangeMin': '訂單總額由',
    'shipping.rangeMax': '至（不包括；留空即以上）',
    'shipping.rangePrice': '收費',
    'shipping.rangeMaxAboveMin': '須大於「訂單總額由」',
    'shipping.rangeOverlap': '與第 {other} 個範圍重疊',
    'shipping.rangesOverlap': '有兩個範圍重疊：每個訂單總額只可屬於一個範圍',
    'empty.shippingMethods': '還沒有送貨方式。新增一個，讓顧客在結帳時選擇送貨。',
    'empty.shippingMethodsAdd': '新增送貨方式'
  },
  chs: {
    'route.settings/shippingMethods/edit': '编辑送货方式',
    'shipping.one': '送货方式',
    'shipping.enabled': '于结账时提供',
    'shipping.desc': '描述',
    'shipping.price': '运费',
    'shipping.priceRanges': '按订单总额收费（优先于运费）',
    'shipping.rangeMin': '订单总额由',
    'shipping.rangeMax': '至（不包括；留空即以上）',
    'shipping.rangePrice': '收费',
    'shipping.rangeMaxAboveMin': '须大于“订单总额由”',
    'shipping.rangeOverlap': '与第 {other} 个范围重叠',
    'shipping.rangesOverlap': '有两个范围重叠：每个订单总额只可属于一个范围',
    'empty.shippingMethods': '还没有送货方式。新增一个，让顾客在结账时选择送货。',
    'empty.shippingMethodsAdd': '新增送货方式'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsShippingMethods: keyof typeof settingsShippingMethodsMessages.en
  }
}
