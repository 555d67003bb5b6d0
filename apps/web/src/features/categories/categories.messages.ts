import { defineMessages } from '../../lib/i18n/screen-messages'

/** Categories: the screen's own texts in every language (decision 0075). */
export const categoriesMessages = defineMessages({
  en: {
    'route.eshop/categories': 'Categories',
    'route.eshop/categories/edit': 'Edit Category',
    'empty.categories': 'No categories yet. Categories help customers find your products.',
    'empty.categoriesAdd': 'Create a category'
  },
  cht: {
    'route.eshop/categories': '分類',
    'route.eshop/categories/edit': '編輯分類',
    'empty.categories': '還沒有分類。分類幫助顧客找到你的產品。',
    'empty.categoriesAdd': '建立分類'
  },
  chs: {
    'route.eshop/categories': '分类',
    'route.eshop/categories/edit': '编辑分类',
    'empty.categories': '还没有分类。分类帮助顾客找到你的产品。',
    'empty.categoriesAdd': '创建分类'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    categories: keyof typeof categoriesMessages.en
  }
}
