import { defineMessages } from '../../lib/i18n/screen-messages'

/** Product comments: the moderation screen's own texts in every language (decision 0193). */
export const productCommentsMessages = defineMessages({
  en: {
    'route.product-comments': 'Product reviews',
    'route.product-comments/edit': 'Review',
    'productComment.one': 'Review',
    'productComment.date': 'Date',
    'productComment.status': 'Status',
    'productComment.status.pending': 'Waiting for approval',
    'productComment.status.approved': 'Approved',
    'productComment.status.hidden': 'Hidden',
    'productComment.product': 'Product',
    'productComment.author': 'Customer',
    'productComment.rating': 'Rating',
    'productComment.rating.1': '★ (1)',
    'productComment.rating.2': '★★ (2)',
    'productComment.rating.3': '★★★ (3)',
    'productComment.rating.4': '★★★★ (4)',
    'productComment.rating.5': '★★★★★ (5)',
    'productComment.text': 'Review',
    'productComment.reply': 'Your reply (shown under the review)',
    'productComment.approve': 'Approve',
    'productComment.hide': 'Hide',
    'productComment.approved': 'Approved: shown on your online shop',
    'productComment.hidden': 'Hidden from your online shop',
    'empty.productComments':
      'No reviews yet. Once reviews are turned on in the shop settings, signed-in customers can review products on your online shop; their reviews wait here for your approval.'
  },
  cht: {
    'route.product-comments': '商品評價',
    'route.product-comments/edit': '評價',
    'productComment.one': '評價',
    'productComment.date': '日期',
    'productComment.status': '狀態',
    'productComment.status.pending': '等待批准',
    'productComment.status.approved': '已批准',
    'productComment.status.hidden': '已隱藏',
    'productComment.product': '商品',
    'productComment.author': '顧客',
    'productComment.rating': '評分',
    'productComment.rating.1': '★（1）',
    'productComment.rating.2': '★★（2）',
    'productComment.rating.3': '★★★（3）',
    'productComment.rating.4': '★★★★（4）',
    'productComment.rating.5': '★★★★★（5）',
    'productComment.text': '評價',
    'productComment.reply': '您的回覆（顯示於評價下方）',
    'productComment.approve': '批准',
    'productComment.hide': '隱藏',
    'productComment.approved': '已批准：會在網店顯示',
    'productComment.hidden': '已在網店隱藏',
    'empty.productComments': '暫時未有評價。在商店設定開啟評價後，已登入的顧客便可在網店評價商品；評價會在此等待您批准。'
  },
  chs: {
    'route.product-comments': '商品评价',
    'route.product-comments/edit': '评价',
    'productComment.one': '评价',
    'productComment.date': '日期',
    'productComment.status': '状态',
    'productComment.status.pending': '等待批准',
    'productComment.status.approved': '已批准',
    'productComment.status.hidden': '已隐藏',
    'productComment.product': '商品',
    'productComment.author': '顾客',
    'productComment.rating': '评分',
    'productComment.rating.1': '★（1）',
    'productComment.rating.2': '★★（2）',
    'productComment.rating.3': '★★★（3）',
    'productComment.rating.4': '★★★★（4）',
    'productComment.rating.5': '★★★★★（5）',
    'productComment.text': '评价',
    'productComment.reply': '您的回复（显示于评价下方）',
    'productComment.approve': '批准',
    'productComment.hide': '隐藏',
    'productComment.approved': '已批准：会在网店显示',
    'productComment.hidden': '已在网店隐藏',
    'empty.productComments': '暂时没有评价。在商店设置开启评价后，已登录的顾客便可在网店评价商品；评价会在此等待您批准。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    productComments: keyof typeof productCommentsMessages.en
  }
}
