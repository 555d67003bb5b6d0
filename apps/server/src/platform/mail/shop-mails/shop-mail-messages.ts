import type { LocaleId } from '@emporia/shared'
import type { ShopMailName } from './shop-mail-types'

/** One template's wording: `{orderId}`, `{name}`, `{shop}`, `{tracking}` are filled in (escaped by React). */
export interface ShopMailWording {
  subject: string
  heading: string
  intro: string[]
  /** A button under the body, when the mail has a link. */
  action?: string
}

export interface ShopMailLocale {
  greeting: string
  greetingNoName: string
  labels: {
    orderId: string
    date: string
    item: string
    quantity: string
    price: string
    subtotal: string
    shipping: string
    discount: string
    total: string
    payment: string
    shippingMethod: string
    address: string
    tracking: string
    trackParcel: string
    customer: string
    bankName: string
    accountName: string
    accountNo: string
    amountDue: string
    code: string
  }
  payments: Record<'bank' | 'stripe' | 'cash' | 'other', string>
  footer: string
  footerToShop: string
  mails: Record<ShopMailName, ShopMailWording>
}

export const shopMailMessages: Record<LocaleId, ShopMailLocale> = {
  en: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    labels: {
      orderId: 'Order number',
      date: 'Date',
      item: 'Item',
      quantity: 'Qty',
      price: 'Price',
      subtotal: 'Subtotal',
      shipping: 'Delivery',
      discount: 'Discount',
      total: 'Total',
      payment: 'Payment',
      shippingMethod: 'Delivery method',
      address: 'Address',
      tracking: 'Tracking number',
      trackParcel: 'Track your parcel',
      customer: 'Customer',
      bankName: 'Bank',
      accountName: 'Account name',
      accountNo: 'Account number',
      amountDue: 'Amount to transfer',
      code: 'Your code'
    },
    payments: { bank: 'Bank transfer', stripe: 'Card', cash: 'Pay at pick-up', other: 'Other' },
    footer: 'You receive this e-mail because of your account or order at {shop}.',
    footerToShop: 'Sent to the shop e-mail of {shop} by Emporia.',
    mails: {
      order: {
        subject: 'Your order {orderId} is confirmed',
        heading: 'Thank you for your order',
        intro: ['We have received your order {orderId}. Here is what you ordered.'],
        action: 'View your order'
      },
      orderBankTransfer: {
        subject: 'Your order {orderId}: payment by bank transfer',
        heading: 'Please complete your bank transfer',
        intro: [
          'We have received your order {orderId}. Please transfer the amount below to one of these accounts.',
          'Then upload a photo of your payment slip on your order page, so that we can start on your order.'
        ],
        action: 'Upload your payment slip'
      },
      shopOrder: {
        subject: 'New order {orderId}',
        heading: 'You have a new order',
        intro: ['{name} placed the order {orderId} in your online shop.'],
        action: 'Open the order'
      },
      shipment: {
        subject: 'Your order {orderId} has been shipped',
        heading: 'Your order is on its way',
        intro: ['Your order {orderId} has been shipped.'],
        action: 'Track your order'
      },
      orderReceive: {
        subject: 'Your order {orderId} has been delivered',
        heading: 'Your order has arrived',
        intro: ['Your order {orderId} has been marked as received. We hope you enjoy it!'],
        action: 'View your order'
      },
      shopOrderReceive: {
        subject: 'Order {orderId} was received',
        heading: 'An order was received',
        intro: ['The order {orderId} of {name} has been received by the customer.'],
        action: 'Open the order'
      },
      passwordChanged: {
        subject: 'Your password was changed',
        heading: 'Your password was changed',
        intro: [
          'The password of your account at {shop} was just changed.',
          'If you did not change it, reset your password right away and contact the shop.'
        ]
      },
      resetPasswordShop: {
        subject: 'Reset your password',
        heading: 'Reset your password',
        intro: [
          'We received a request to reset the password of your account at {shop}. Use this code to choose a new one.',
          'If you did not ask for it, ignore this e-mail: your password stays the same.'
        ],
        action: 'Choose a new password'
      }
    }
  },
  cht: {
    greeting: '{name} 您好：',
    greetingNoName: '您好：',
    labels: {
      orderId: '訂單編號',
      date: '日期',
      item: '商品',
      quantity: '數量',
      price: '單價',
      subtotal: '小計',
      shipping: '運費',
      discount: '折扣',
      total: '總計',
      payment: '付款方式',
      shippingMethod: '送貨方式',
      address: '地址',
      tracking: '追蹤編號',
      trackParcel: '追蹤包裹',
      customer: '顧客',
      bankName: '銀行',
      accountName: '戶口名稱',
      accountNo: '戶口號碼',
      amountDue: '轉賬金額',
      code: '您的驗證碼'
    },
    payments: { bank: '銀行轉賬', stripe: '信用卡', cash: '自取時付款', other: '其他' },
    footer: '您收到此電郵，是因為您在 {shop} 的帳戶或訂單。',
    footerToShop: '由 Emporia 發送至 {shop} 的商店電郵。',
    mails: {
      order: {
        subject: '您的訂單 {orderId} 已確認',
        heading: '感謝您的訂購',
        intro: ['我們已收到您的訂單 {orderId}，以下是訂單內容。'],
        action: '查看訂單'
      },
      orderBankTransfer: {
        subject: '您的訂單 {orderId}：銀行轉賬付款',
        heading: '請完成銀行轉賬',
        intro: [
          '我們已收到您的訂單 {orderId}，請將以下金額轉賬至其中一個戶口。',
          '轉賬後請在訂單頁面上載入數紙相片，我們便會開始處理您的訂單。'
        ],
        action: '上載入數紙'
      },
      shopOrder: {
        subject: '新訂單 {orderId}',
        heading: '您有一張新訂單',
        intro: ['{name} 在您的網店下了訂單 {orderId}。'],
        action: '打開訂單'
      },
      shipment: {
        subject: '您的訂單 {orderId} 已發貨',
        heading: '您的訂單正在路上',
        intro: ['您的訂單 {orderId} 已經發貨。'],
        action: '追蹤訂單'
      },
      orderReceive: {
        subject: '您的訂單 {orderId} 已送達',
        heading: '您的訂單已送達',
        intro: ['您的訂單 {orderId} 已標示為已收貨，祝您購物愉快！'],
        action: '查看訂單'
      },
      shopOrderReceive: {
        subject: '訂單 {orderId} 已收貨',
        heading: '一張訂單已收貨',
        intro: ['{name} 的訂單 {orderId} 已由顧客收貨。'],
        action: '打開訂單'
      },
      passwordChanged: {
        subject: '您的密碼已更改',
        heading: '您的密碼已更改',
        intro: ['您在 {shop} 的帳戶密碼剛剛已更改。', '如果不是您本人更改，請立即重設密碼並聯絡商店。']
      },
      resetPasswordShop: {
        subject: '重設您的密碼',
        heading: '重設您的密碼',
        intro: [
          '我們收到重設您在 {shop} 帳戶密碼的要求，請使用此驗證碼設定新密碼。',
          '如果不是您本人提出，請忽略此電郵，您的密碼不會改變。'
        ],
        action: '設定新密碼'
      }
    }
  },
  chs: {
    greeting: '{name} 您好：',
    greetingNoName: '您好：',
    labels: {
      orderId: '订单编号',
      date: '日期',
      item: '商品',
      quantity: '数量',
      price: '单价',
      subtotal: '小计',
      shipping: '运费',
      discount: '折扣',
      total: '总计',
      payment: '付款方式',
      shippingMethod: '送货方式',
      address: '地址',
      tracking: '追踪编号',
      trackParcel: '追踪包裹',
      customer: '顾客',
      bankName: '银行',
      accountName: '账户名称',
      accountNo: '账户号码',
      amountDue: '转账金额',
      code: '您的验证码'
    },
    payments: { bank: '银行转账', stripe: '信用卡', cash: '自取时付款', other: '其他' },
    footer: '您收到此邮件，是因为您在 {shop} 的账户或订单。',
    footerToShop: '由 Emporia 发送至 {shop} 的商店邮箱。',
    mails: {
      order: {
        subject: '您的订单 {orderId} 已确认',
        heading: '感谢您的订购',
        intro: ['我们已收到您的订单 {orderId}，以下是订单内容。'],
        action: '查看订单'
      },
      orderBankTransfer: {
        subject: '您的订单 {orderId}：银行转账付款',
        heading: '请完成银行转账',
        intro: [
          '我们已收到您的订单 {orderId}，请将以下金额转账至其中一个账户。',
          '转账后请在订单页面上传转账凭证照片，我们便会开始处理您的订单。'
        ],
        action: '上传转账凭证'
      },
      shopOrder: {
        subject: '新订单 {orderId}',
        heading: '您有一张新订单',
        intro: ['{name} 在您的网店下了订单 {orderId}。'],
        action: '打开订单'
      },
      shipment: {
        subject: '您的订单 {orderId} 已发货',
        heading: '您的订单正在路上',
        intro: ['您的订单 {orderId} 已经发货。'],
        action: '追踪订单'
      },
      orderReceive: {
        subject: '您的订单 {orderId} 已送达',
        heading: '您的订单已送达',
        intro: ['您的订单 {orderId} 已标记为已收货，祝您购物愉快！'],
        action: '查看订单'
      },
      shopOrderReceive: {
        subject: '订单 {orderId} 已收货',
        heading: '一张订单已收货',
        intro: ['{name} 的订单 {orderId} 已由顾客收货。'],
        action: '打开订单'
      },
      passwordChanged: {
        subject: '您的密码已更改',
        heading: '您的密码已更改',
        intro: ['您在 {shop} 的账户密码刚刚已更改。', '如果不是您本人更改，请立即重设密码并联系商店。']
      },
      resetPasswordShop: {
        subject: '重设您的密码',
        heading: '重设您的密码',
        intro: [
          '我们收到重设您在 {shop} 账户密码的请求，请使用此验证码设置新密码。',
          '如果不是您本人提出，请忽略此邮件，您的密码不会改变。'
        ],
        action: '设置新密码'
      }
    }
  }
}
