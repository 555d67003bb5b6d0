import { defineMessages } from '../../lib/i18n/screen-messages'

/** The new order's discounts, coupons, points and live pricing, and an order's stored pricing (decision 0092). */
export const orderPricingMessages = defineMessages({
  en: {
    'orderPricing.customer': 'Customer (for member prices and points)',
    'orderPricing.coupons': 'Coupon codes',
    'orderPricing.chosenDiscounts': 'Discounts to apply',
    'orderPricing.pointType': 'Pay with points of',
    'orderPricing.points': 'Points to use',
    'orderPricing.preview': 'Discounts',
    'orderPricing.applied': 'Applied',
    'orderPricing.rejected': 'Not applied',
    'orderPricing.suggestions': 'Suggestions',
    'orderPricing.none': 'No discount applies to this order yet.',
    'orderPricing.loading': 'Working out the discounts…',
    'orderPricing.estimate': 'Total before rounding',
    'orderPricing.manual': 'Manual discount',
    'orderPricing.rulesOff': 'Discounts are worked out by the server when the order is created.',
    'orderPricing.couponsLater': 'Coupon codes are checked when the order is created.',
    'orderPricing.approval': 'A manager must approve this discount',
    'orderPricing.approvalHint': 'Your discount is beyond your limit. A shop admin confirms with their e-mail and password.',
    'orderPricing.approverEmail': 'Manager e-mail',
    'orderPricing.approverPassword': 'Manager password',
    'orderPricing.approvedBy': 'Approved by a manager',
    'orderPricing.lineDiscount': 'Discount',
    'orderPricing.storedTitle': 'Discounts applied',
    'orderPricing.pointsUsed': '{points} points used'
  },
  cht: {
    'orderPricing.customer': '顧客（會員價及積分）',
    'orderPricing.coupons': '優惠券代碼',
    'orderPricing.chosenDiscounts': '套用的折扣',
    'orderPricing.pointType': '以此積分付款',
    'orderPricing.points': '使用積分',
    'orderPricing.preview': '折扣',
    'orderPricing.applied': '已套用',
    'orderPricing.rejected': '未套用',
    'orderPricing.suggestions': '建議',
    'orderPricing.none': '此訂單暫未有適用的折扣。',
    'orderPricing.loading': '正在計算折扣…',
    'orderPricing.estimate': '捨入前總計',
    'orderPricing.manual': '手動折扣',
    'orderPricing.rulesOff': '折扣將於建立訂單時由伺服器計算。',
    'orderPricing.couponsLater': '優惠券代碼將於建立訂單時檢查。',
    'orderPricing.approval': '此折扣需要經理批准',
    'orderPricing.approvalHint': '你的折扣超出你的限額，須由商店管理員以其電郵及密碼確認。',
    'orderPricing.approverEmail': '經理電郵',
    'orderPricing.approverPassword': '經理密碼',
    'orderPricing.approvedBy': '已獲經理批准',
    'orderPricing.lineDiscount': '折扣',
    'orderPricing.storedTitle': '已套用的折扣',
    'orderPricing.pointsUsed': '已使用 {points} 積分'
  },
  chs: {
    'orderPricing.customer': '顾客（会员价及积分）',
    'orderPricing.coupons': '优惠券代码',
    'orderPricing.chosenDiscounts': '套用的折扣',
    'orderPricing.pointType': '以此积分付款',
    'orderPricing.points': '使用积分',
    'orderPricing.preview': '折扣',
    'orderPricing.applied': '已套用',
    'orderPricing.rejected': '未套用',
    'orderPricing.suggestions': '建议',
    'orderPricing.none': '此订单暂未有适用的折扣。',
    'orderPricing.loading': '正在计算折扣…',
    'orderPricing.estimate': '舍入前总计',
    'orderPricing.manual': '手动折扣',
    'orderPricing.rulesOff': '折扣将于创建订单时由服务器计算。',
    'orderPricing.couponsLater': '优惠券代码将于创建订单时检查。',
    'orderPricing.approval': '此折扣需要经理批准',
    'orderPricing.approvalHint': '你的折扣超出你的限额，须由商店管理员以其电邮及密码确认。',
    'orderPricing.approverEmail': '经理电邮',
    'orderPricing.approverPassword': '经理密码',
    'orderPricing.approvedBy': '已获经理批准',
    'orderPricing.lineDiscount': '折扣',
    'orderPricing.storedTitle': '已套用的折扣',
    'orderPricing.pointsUsed': '已使用 {points} 积分'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    orderPricing: keyof typeof orderPricingMessages.en
  }
}
