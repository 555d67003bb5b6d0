/**
 * The plan catalogue's and the plan limits' server messages (issue 30, decision 0129), spread into
 * `sharedMessages`: the server names them in `data.key` (with `data.values`), each client translates.
 * `{limit}` is a count, or an amount already written with two decimals for the money limits.
 */
export const planMessages = {
  en: {
    'billing.plan.freeLongerThanPeriod': 'The free months cannot be more than the period',
    'billing.plan.unknownFeature': 'Choose features from the list',
    'billing.plan.codeTaken': 'A plan with this code exists',
    'billing.plan.codeImmutable': 'A plan’s code never changes',
    'billing.plan.notFound': 'No such plan',
    'billing.plan.none': 'No plan is on offer',
    'billing.noSubscription': 'This shop has no subscription',
    'billing.limit.staffSeats': 'Your plan allows {limit} staff members, invitations included. Upgrade to add more',
    'billing.limit.subShops': 'Your plan allows {limit} sub-shops. Upgrade to link more',
    'billing.limit.products': 'Your plan allows {limit} products. Upgrade to add more',
    'billing.limit.monthlyDiscount': 'Your plan allows a monthly discount budget of at most {limit} per staff member',
    'billing.limit.orderDiscount': 'Your plan allows a maximum discount of at most {limit} per order',
    'billing.limit.orderDiscountPer': 'Your plan allows a manual discount of at most {limit}% of the order'
  },
  cht: {
    'billing.plan.freeLongerThanPeriod': '免費月數不可多於合約期',
    'billing.plan.unknownFeature': '請從清單中選擇功能',
    'billing.plan.codeTaken': '已有使用此代碼的計劃',
    'billing.plan.codeImmutable': '計劃代碼一經建立便不可更改',
    'billing.plan.notFound': '沒有此計劃',
    'billing.plan.none': '目前沒有可選的計劃',
    'billing.noSubscription': '此商店沒有訂閱',
    'billing.limit.staffSeats': '您的計劃最多可有 {limit} 位職員（包括未接受的邀請）。升級計劃以新增更多',
    'billing.limit.subShops': '您的計劃最多可連結 {limit} 間分店。升級計劃以連結更多',
    'billing.limit.products': '您的計劃最多可有 {limit} 件產品。升級計劃以新增更多',
    'billing.limit.monthlyDiscount': '您的計劃規定每位職員每月折扣額度最多為 {limit}',
    'billing.limit.orderDiscount': '您的計劃規定每張訂單的最大折扣最多為 {limit}',
    'billing.limit.orderDiscountPer': '您的計劃規定手動折扣最多為訂單金額的 {limit}%'
  },
  chs: {
    'billing.plan.freeLongerThanPeriod': '免费月数不能多于合约期',
    'billing.plan.unknownFeature': '请从列表中选择功能',
    'billing.plan.codeTaken': '已有使用此代码的计划',
    'billing.plan.codeImmutable': '计划代码一经创建便不可更改',
    'billing.plan.notFound': '没有此计划',
    'billing.plan.none': '目前没有可选的计划',
    'billing.noSubscription': '此店铺没有订阅',
    'billing.limit.staffSeats': '您的计划最多可有 {limit} 位职员（包括未接受的邀请）。升级计划以添加更多',
    'billing.limit.subShops': '您的计划最多可关联 {limit} 家分店。升级计划以关联更多',
    'billing.limit.products': '您的计划最多可有 {limit} 件商品。升级计划以添加更多',
    'billing.limit.monthlyDiscount': '您的计划规定每位职员每月折扣额度最多为 {limit}',
    'billing.limit.orderDiscount': '您的计划规定每张订单的最大折扣最多为 {limit}',
    'billing.limit.orderDiscountPer': '您的计划规定手动折扣最多为订单金额的 {limit}%'
  }
} as const
