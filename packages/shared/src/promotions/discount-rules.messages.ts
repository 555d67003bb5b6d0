/**
 * The discount rules' messages (decision 0089), spread into `sharedMessages`: the server names them in
 * `data.key`, the editor shows them on the field.
 */
export const discountRuleMessages = {
  en: {
    'discount.quantityRequired': 'Enter how many units make a bundle',
    'discount.freeItemsRequired': 'Add at least one free item',
    'discount.fixedRequired': 'Enter the amount off (more than 0)',
    'discount.percentageRequired': 'Enter the percentage off (more than 0)',
    'discount.pointEarnRequired': 'Enter the points earned per order or per $1',
    'discount.pointRatioRequired': 'Enter how many cents one point is worth',
    'discount.memberRequired': 'Enter the group’s amount, percentage or unit discount',
    'discount.stepQtyRequired': 'Enter every how many units the unit discount grows',
    'discount.maxBelowMin': 'Must not be less than the minimum',
    'discount.validToBeforeFrom': 'The end must not be before the start',
    'discount.bundlePriceRequired': 'Enter the price of a bundle',
    'discount.bundleOffRequired': 'Enter the amount or percentage off each bundle',
    'discount.emptyHours': 'The start and end hours are the same (0 is midnight)',
    'discount.emptyTimeRange': 'The start and end times are the same',
    'discount.overlimitServer': 'A rule becomes Over Limit by itself when its limit is reached',
    'discount.couponCodeTaken': 'Another discount of this shop already uses this coupon code',
    'discount.notOfShop': 'Not one of this shop’s records',
    'discount.inUse': 'Coupon templates still use this discount; it cannot be removed',
    'discount.limitReached': 'A discount of this order has just reached its use limit; check the order again'
  },
  cht: {
    'discount.quantityRequired': '請輸入每組的件數',
    'discount.freeItemsRequired': '請加入最少一件贈品',
    'discount.fixedRequired': '請輸入折扣金額（大於 0）',
    'discount.percentageRequired': '請輸入折扣百分比（大於 0）',
    'discount.pointEarnRequired': '請輸入每張訂單或每 $1 賺取的積分',
    'discount.pointRatioRequired': '請輸入每積分值多少仙',
    'discount.memberRequired': '請輸入組別的折扣金額、百分比或單件折扣',
    'discount.stepQtyRequired': '請輸入單件折扣每多少件遞增',
    'discount.maxBelowMin': '不可少於最低值',
    'discount.validToBeforeFrom': '結束不可早於開始',
    'discount.bundlePriceRequired': '請輸入每組的價錢',
    'discount.bundleOffRequired': '請輸入每組的折扣金額或百分比',
    'discount.emptyHours': '開始與結束鐘點相同（0 為午夜）',
    'discount.emptyTimeRange': '開始與結束時間相同',
    'discount.overlimitServer': '規則達到上限時會自動變為「已達上限」',
    'discount.couponCodeTaken': '此商店已有另一個折扣使用此優惠碼',
    'discount.notOfShop': '不是此商店的記錄',
    'discount.inUse': '仍有優惠券範本使用此折扣，不能刪除',
    'discount.limitReached': '此訂單的一項折扣剛達到使用上限，請重新檢查訂單'
  },
  chs: {
    'discount.quantityRequired': '请输入每组的件数',
    'discount.freeItemsRequired': '请加入最少一件赠品',
    'discount.fixedRequired': '请输入折扣金额（大于 0）',
    'discount.percentageRequired': '请输入折扣百分比（大于 0）',
    'discount.pointEarnRequired': '请输入每张订单或每 $1 赚取的积分',
    'discount.pointRatioRequired': '请输入每积分值多少分',
    'discount.memberRequired': '请输入组别的折扣金额、百分比或单件折扣',
    'discount.stepQtyRequired': '请输入单件折扣每多少件递增',
    'discount.maxBelowMin': '不可少于最低值',
    'discount.validToBeforeFrom': '结束不可早于开始',
    'discount.bundlePriceRequired': '请输入每组的价钱',
    'discount.bundleOffRequired': '请输入每组的折扣金额或百分比',
    'discount.emptyHours': '开始与结束钟点相同（0 为午夜）',
    'discount.emptyTimeRange': '开始与结束时间相同',
    'discount.overlimitServer': '规则达到上限时会自动变为“已达上限”',
    'discount.couponCodeTaken': '此商店已有另一个折扣使用此优惠码',
    'discount.notOfShop': '不是此商店的记录',
    'discount.inUse': '仍有优惠券模板使用此折扣，不能删除',
    'discount.limitReached': '此订单的一项折扣刚达到使用上限，请重新检查订单'
  }
} as const
