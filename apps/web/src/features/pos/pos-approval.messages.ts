import { defineMessages } from '../../lib/i18n/screen-messages'

/** Manager approval at the till and switching cashier by PIN (decision 0135). */
export const posApprovalMessages = defineMessages({
  en: {
    'posApproval.title': 'Manager approval',
    'posApproval.drawer': 'Opening the cash drawer needs a manager.',
    'posApproval.discount': 'This discount is beyond your limit: a manager must approve it.',
    'posApproval.refund': "This shop's refunds need a manager.",
    'posApproval.manager': 'Manager',
    'posApproval.noManagers': 'No manager of this shop can approve at the till. Set a manager’s POS access in Settings → Access.',
    'posApproval.pin': 'Manager PIN',
    'posApproval.pinHint': 'The manager types their staff PIN (set in their profile).',
    'posApproval.approve': 'Approve',
    'posApproval.approved': 'Approved by {name}',
    'posApproval.serve': 'Hand the till to a colleague: they type their own staff PIN. Orders are then theirs.',
    'posApproval.serveTitle': 'Switch cashier',
    'posApproval.colleague': 'Colleague',
    'posApproval.noColleagues': 'No other member of this shop to switch to.',
    'posApproval.servePin': 'Their PIN',
    'posApproval.servePinHint': 'The colleague types their staff PIN (set in their profile).',
    'posApproval.switch': 'Switch',
    'posApproval.serving': 'Serving: {name}',
    'posApproval.switchCashier': 'Switch cashier',
    'posApproval.backTo': 'Back to {name}',
    'posApproval.me': 'me'
  },
  cht: {
    'posApproval.title': '經理批准',
    'posApproval.drawer': '開啟錢箱須經理批准。',
    'posApproval.discount': '此折扣超出你的限額，須經理批准。',
    'posApproval.refund': '本商店的退款須經理批准。',
    'posApproval.manager': '經理',
    'posApproval.noManagers': '本商店沒有可在收銀機批准的經理。請於設定 → 權限設定經理的 POS 權限。',
    'posApproval.pin': '經理 PIN',
    'posApproval.pinHint': '由經理輸入其員工 PIN（於其個人資料設定）。',
    'posApproval.approve': '批准',
    'posApproval.approved': '已由 {name} 批准',
    'posApproval.serve': '將收銀機交由同事：同事輸入其員工 PIN，之後的訂單由其負責。',
    'posApproval.serveTitle': '切換收銀員',
    'posApproval.colleague': '同事',
    'posApproval.noColleagues': '本商店沒有其他可切換的成員。',
    'posApproval.servePin': '同事的 PIN',
    'posApproval.servePinHint': '由同事輸入其員工 PIN（於其個人資料設定）。',
    'posApproval.switch': '切換',
    'posApproval.serving': '當值：{name}',
    'posApproval.switchCashier': '切換收銀員',
    'posApproval.backTo': '返回 {name}',
    'posApproval.me': '我'
  },
  chs: {
    'posApproval.title': '经理批准',
    'posApproval.drawer': '打开钱箱须经理批准。',
    'posApproval.discount': '此折扣超出你的限额，须经理批准。',
    'posApproval.refund': '本商店的退款须经理批准。',
    'posApproval.manager': '经理',
    'posApproval.noManagers': '本商店没有可在收银机批准的经理。请于设置 → 权限设置经理的 POS 权限。',
    'posApproval.pin': '经理 PIN',
    'posApproval.pinHint': '由经理输入其员工 PIN（于其个人资料设置）。',
    'posApproval.approve': '批准',
    'posApproval.approved': '已由 {name} 批准',
    'posApproval.serve': '将收银机交由同事：同事输入其员工 PIN，之后的订单由其负责。',
    'posApproval.serveTitle': '切换收银员',
    'posApproval.colleague': '同事',
    'posApproval.noColleagues': '本商店没有其他可切换的成员。',
    'posApproval.servePin': '同事的 PIN',
    'posApproval.servePinHint': '由同事输入其员工 PIN（于其个人资料设置）。',
    'posApproval.switch': '切换',
    'posApproval.serving': '当值：{name}',
    'posApproval.switchCashier': '切换收银员',
    'posApproval.backTo': '返回 {name}',
    'posApproval.me': '我'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posApproval: keyof typeof posApprovalMessages.en
  }
}
