import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** CouponTemplates: the screen's own texts in every language (decision 0075). */
export const couponTemplatesMessages = defineMessages({
  en: {
    'route.couponTemplates': 'Coupon Templates',
    'route.couponTemplates/edit': 'Edit Coupon Template',
    'couponTemplate.one': 'CouponTemplate',
    'empty.couponTemplates': 'No couponTemplates yet.',
    'empty.couponTemplatesAdd': 'Add CouponTemplate'
  },
  cht: {
    'route.couponTemplates': '優惠券範本',
    'route.couponTemplates/edit': '編輯優惠券範本',
    'couponTemplate.one': 'CouponTemplate',
    'empty.couponTemplates': 'No couponTemplates yet.',
    'empty.couponTemplatesAdd': 'Add CouponTemplate'
  },
  chs: {
    'route.couponTemplates': '优惠券范本',
    'route.couponTemplates/edit': '编辑优惠券范本',
    'couponTemplate.one': 'CouponTemplate',
    'empty.couponTemplates': 'No couponTemplates yet.',
    'empty.couponTemplatesAdd': 'Add CouponTemplate'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    couponTemplates: keyof typeof couponTemplatesMessages.en
  }
}
