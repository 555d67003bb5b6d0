import type { LocaleId } from '@emporia/shared'

/** The storefront's own words (labels the merchant does not write), in the three languages of §9.1. */
const messages = {
  en: {
    search: 'Search',
    searchPlaceholder: 'Search products',
    cart: 'Cart',
    favorite: 'Favourites',
    menu: 'Menu',
    close: 'Close',
    home: 'Home',
    previous: 'Previous',
    next: 'Next',
    slide: 'Slide {n}',
    decrease: 'Decrease',
    increase: 'Increase',
    quantity: 'Quantity',
    category: 'Category',
    allCategories: 'All categories',
    price: 'Price',
    anyPrice: 'Any price',
    sort: 'Sort by',
    sortNewest: 'Newest',
    sortPriceAsc: 'Price: low to high',
    sortPriceDesc: 'Price: high to low',
    sortName: 'Name',
    apply: 'Apply',
    rights: 'All rights reserved.',
    currency: 'HKD',
    language: 'Language'
  },
  cht: {
    search: '搜尋',
    searchPlaceholder: '搜尋產品',
    cart: '購物車',
    favorite: '我的最愛',
    menu: '選單',
    close: '關閉',
    home: '首頁',
    previous: '上一張',
    next: '下一張',
    slide: '第 {n} 張',
    decrease: '減少',
    increase: '增加',
    quantity: '數量',
    category: '分類',
    allCategories: '所有分類',
    price: '價格',
    anyPrice: '不限價格',
    sort: '排序',
    sortNewest: '最新',
    sortPriceAsc: '價格由低至高',
    sortPriceDesc: '價格由高至低',
    sortName: '名稱',
    apply: '套用',
    rights: '版權所有。',
    currency: '港幣',
    language: '語言'
  },
  chs: {
    search: '搜索',
    searchPlaceholder: '搜索产品',
    cart: '购物车',
    favorite: '我的收藏',
    menu: '菜单',
    close: '关闭',
    home: '首页',
    previous: '上一张',
    next: '下一张',
    slide: '第 {n} 张',
    decrease: '减少',
    increase: '增加',
    quantity: '数量',
    category: '分类',
    allCategories: '所有分类',
    price: '价格',
    anyPrice: '不限价格',
    sort: '排序',
    sortNewest: '最新',
    sortPriceAsc: '价格由低至高',
    sortPriceDesc: '价格由高至低',
    sortName: '名称',
    apply: '应用',
    rights: '版权所有。',
    currency: '港币',
    language: '语言'
  }
} as const satisfies Record<LocaleId, Record<string, string>>

export type StorefrontMessageKey = keyof (typeof messages)['en']
export const storefrontMessages = messages

/** One of the storefront's own words in the page's language, `{name}` values filled. */
export const say = (locale: LocaleId, key: StorefrontMessageKey, values: Record<string, string | number> = {}) =>
  (messages[locale] ?? messages.en)[key].replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : all
  )
