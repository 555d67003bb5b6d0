import { defineMessages } from '../../lib/i18n/screen-messages'

/** Promotions: the screen's own texts in every language (decision 0075). */
export const promotionsMessages = defineMessages({
  en: {
    'route.promotions': 'Promotions',
    'route.promotions/edit': 'Edit Promotion',
    'promotion.one': 'Promotion',
    'empty.promotions': 'No promotions yet.',
    'empty.promotionsAdd': 'Add a promotion',
    'promotion.type': 'When',
    'promotion.type.afterRegister': 'After registration',
    'promotion.type.afterOrder': 'After a paid order',
    'promotion.status': 'Status',
    'promotion.status.valid': 'Valid',
    'promotion.status.draft': 'Draft',
    'promotion.status.overlimit': 'Limit reached',
    'promotion.limitPerUser': 'Times per customer',
    'promotion.limitTotal': 'Total times',
    'promotion.totalPicked': 'Granted',
    'promotion.validFrom': 'Valid from',
    'promotion.validUntil': 'Valid until',
    'promotion.couponTemplates': 'Coupons given',
    'promotion.points': 'Points given',
    'promotion.pointType': 'Point type'
  },
  cht: {
    'route.promotions': '推廣',
    'route.promotions/edit': '編輯推廣',
    'promotion.one': '推廣活動',
    'empty.promotions': '尚未有推廣活動。',
    'empty.promotionsAdd': '新增推廣活動',
    'promotion.type': '觸發時機',
    'promotion.type.afterRegister': '註冊後',
    'promotion.type.afterOrder': '訂單付款後',
    'promotion.status': '狀態',
    'promotion.status.valid': '有效',
    'promotion.status.draft': '草稿',
    'promotion.status.overlimit': '已達上限',
    'promotion.limitPerUser': '每位顧客次數',
    'promotion.limitTotal': '總次數',
    'promotion.totalPicked': '已贈送',
    'promotion.validFrom': '生效日期',
    'promotion.validUntil': '截止日期',
    'promotion.couponTemplates': '贈送優惠券',
    'promotion.points': '贈送積分',
    'promotion.pointType': '積分類型'
  },
  chs: {
    'route.promotions': '推广',
    'route.promotions/edit': '编辑推广',
    'promotion.one': '推广活动',
    'empty.promotions': '尚未有推广活动。',
    'empty.promotionsAdd': '新增推广活动',
    'promotion.type': '触发时机',
    'promotion.type.afterRegister': '注册后',
    'promotion.type.afterOrder': '订单付款后',
    'promotion.status': '状态',
    'promotion.status.valid': '有效',
    'promotion.status.draft': '草稿',
    'promotion.status.overlimit': '已达上限',
    'promotion.limitPerUser': '每位顾客次数',
    'promotion.limitTotal': '总次数',
    'promotion.totalPicked': '已赠送',
    'promotion.validFrom': '生效日期',
    'promotion.validUntil': '截止日期',
    'promotion.couponTemplates': '赠送优惠券',
    'promotion.points': '赠送积分',
    'promotion.pointType': '积分类型'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    promotions: keyof typeof promotionsMessages.en
  }
}
