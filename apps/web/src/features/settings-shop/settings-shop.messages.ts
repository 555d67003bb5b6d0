import { defineMessages } from '../../lib/i18n/screen-messages'

/** Shop settings: the screen's own texts in every language (decision 0113). */
export const settingsShopMessages = defineMessages({
  en: {
    'shopSettings.danger': 'Danger zone',
    'shopSettings.deleteShop': 'Delete this shop',
    'shopSettings.deleteHelp':
      'The shop closes at once: its online shop and its staff’s sign-ins stop. After {days} days every record and file of the shop is removed for good. Until then an admin can cancel here.',
    'shopSettings.deleteConfirmText':
      'Type the shop’s name, {name}, to confirm. The shop closes now and its records and files are removed after {days} days.',
    'shopSettings.deleteTypeName': 'Shop name',
    'shopSettings.deletionScheduled': 'This shop is closed and will be deleted on {date}. Cancel to open it again.',
    'shopSettings.cancelDeletion': 'Cancel the deletion',
    'shopSettings.deletionRequested': 'The shop is closed and scheduled for deletion',
    'shopSettings.deletionCancelled': 'The deletion is cancelled; the shop is open again',
    'shopSettings.title': 'Shop details',
    'shopSettings.name': 'Shop name',
    'shopSettings.subdomain': 'Website address (subdomain)',
    'shopSettings.contact': 'Contact person',
    'shopSettings.phone': 'Phone',
    'shopSettings.shopEmail': 'Shop e-mail',
    'shopSettings.location': 'Address',
    'shopSettings.seoTitleSection': 'Search engines (SEO)',
    'shopSettings.seoHelp': 'Used on every page of your website that has no SEO texts of its own.',
    'shopSettings.seoTitle': 'Website title',
    'shopSettings.seoDescription': 'Description',
    'shopSettings.seoKeywords': 'Keywords (separated by commas)',
    'shopSettings.seoNeedsWebsite': 'Set up your website first (E-shop, setup wizard); its SEO texts are set here afterwards.',
    'shopSettings.icon': 'Shop icon / logo',
    'shopSettings.iconNotFound': 'Choose a picture from this shop’s media library',
    'shopSettings.multiscreen': 'Customer-facing second screen',
    'shopSettings.multiscreenHelp':
      'The till offers a customer screen (More → Customer screen) showing the customer the cart, the total and the change. Off: the till offers none.',
    'shopSettings.currencySymbol': 'Money symbol',
    'shopSettings.currency.dollar': '$ (e.g. $1,000.00)',
    'shopSettings.currency.hkDollar': 'HK$ (e.g. HK$1,000.00)',
    'shopSettings.switches': 'Features',
    'shopSettings.flow': 'Shop flow',
    'shopSettings.flag.useSubShop': 'Sub-shops',
    'shopSettings.flag.useSubShop.help':
      'Show the Sub-shops screen: invite other shops and see their sales and stock. Turning it off hides the screen and keeps the links.',
    'shopSettings.flag.useCashboxLog': 'Cash drawer log',
    'shopSettings.flag.useCashboxLog.help':
      'Count the float at the start of each shift and keep the cash in and out. Turning it off hides the log and keeps its records.',
    'shopSettings.flag.useInventoryLot': 'Inventory lots',
    'shopSettings.flag.useInventoryLot.help':
      'Keep stock in lots with entry and expiry dates (Warehouses → Inventory lots). Turning it off hides the screen and keeps the lots.',
    'shopSettings.flag.i18n': 'Several languages',
    'shopSettings.flag.i18n.help':
      'The online shop offers the languages chosen in Website Settings, with a language menu. Turning it off shows the default language only and keeps the list.',
    'shopSettings.flag.ageRestricted': 'Age check',
    'shopSettings.flag.ageRestricted.help':
      'Orders with age-restricted products need the buyer to confirm their age online; at the till the cashier confirms it when the first such product is added.',
    'shopSettings.flag.skipShipping': 'No delivery',
    'shopSettings.flag.skipShipping.help':
      'The online checkout has no delivery step and charges no delivery fee (services, digital goods).',
    'shopSettings.flag.useComment': 'Product reviews',
    'shopSettings.flag.useComment.help': 'Customers may leave reviews on product pages; you approve, hide or answer them.',
    'shopSettings.flag.useEshopLink': 'Link orders to the online shop',
    'shopSettings.flag.useEshopLink.help': 'On a customer’s order page each product links to its page in the online shop.',
    'shopSettings.flag.useInventory': 'Track stock',
    'shopSettings.flag.useInventory.help':
      'Sales take stock from the warehouses and stop when it runs out. Off: nothing is refused for stock and the Warehouses screens are hidden; stock records are kept.',
    'shopSettings.flag.useReceive': 'Customers confirm receipt',
    'shopSettings.flag.useReceive.help': 'Customers mark a shipped order as received on its page in the online shop.',
    'shopSettings.flag.useTracking': 'Parcel tracking',
    'shopSettings.flag.useTracking.help':
      'Enter the carrier, tracking number and tracking link on an order; the shipment e-mail and the order page link it.'
  },
  cht: {
    'shopSettings.danger': '危險操作',
    'shopSettings.deleteShop': '刪除此商店',
    'shopSettings.deleteHelp':
      '商店會立即關閉：網上商店及員工登入均會停止。{days} 日後，商店的所有記錄及檔案將永久移除。在此之前，管理員可在此取消。',
    'shopSettings.deleteConfirmText': '請輸入商店名稱「{name}」以確認。商店會立即關閉，其記錄及檔案將於 {days} 日後移除。',
    'shopSettings.deleteTypeName': '商店名稱',
    'shopSettings.deletionScheduled': '此商店已關閉，將於 {date} 刪除。取消即可重新開放。',
    'shopSettings.cancelDeletion': '取消刪除',
    'shopSettings.deletionRequested': '商店已關閉並排定刪除',
    'shopSettings.deletionCancelled': '已取消刪除，商店重新開放',
    'shopSettings.title': '商店資料',
    'shopSettings.name': '商店名稱',
    'shopSettings.subdomain': '網站地址（子網域）',
    'shopSettings.contact': '聯絡人',
    'shopSettings.phone': '電話',
    'shopSettings.shopEmail': '商店電郵',
    'shopSettings.location': '地址',
    'shopSettings.seoTitleSection': '搜尋引擎（SEO）',
    'shopSettings.seoHelp': '用於網站上沒有自己 SEO 文字的每一頁。',
    'shopSettings.seoTitle': '網站標題',
    'shopSettings.seoDescription': '描述',
    'shopSettings.seoKeywords': '關鍵字（以逗號分隔）',
    'shopSettings.seoNeedsWebsite': '請先建立網站（網店的設定精靈），之後可在此設定其 SEO 文字。',
    'shopSettings.icon': '商店圖示／標誌',
    'shopSettings.iconNotFound': '請從本店的媒體庫選擇圖片',
    'shopSettings.multiscreen': '顧客副屏幕',
    'shopSettings.multiscreenHelp':
      '收銀機提供顧客副屏幕（更多 → 顧客副屏幕），向顧客顯示購物車、總額及找續。關閉：收銀機不提供副屏幕。',
    'shopSettings.currencySymbol': '貨幣符號',
    'shopSettings.currency.dollar': '$（例如 $1,000.00）',
    'shopSettings.currency.hkDollar': 'HK$（例如 HK$1,000.00）',
    'shopSettings.switches': '功能',
    'shopSettings.flow': '商店流程',
    'shopSettings.flag.useSubShop': '分店',
    'shopSettings.flag.useSubShop.help': '顯示「分店」頁面：邀請其他商店並查看其銷售及庫存。關閉後頁面隱藏，連結仍會保留。',
    'shopSettings.flag.useCashboxLog': '錢櫃記錄',
    'shopSettings.flag.useCashboxLog.help': '每更開始時點算備用金，並記錄現金存入及取出。關閉後記錄頁面隱藏，資料仍會保留。',
    'shopSettings.flag.useInventoryLot': '庫存批次',
    'shopSettings.flag.useInventoryLot.help':
      '以批次管理庫存，記錄入庫及到期日（倉庫 → 庫存批次）。關閉後頁面隱藏，批次仍會保留。',
    'shopSettings.flag.i18n': '多語言',
    'shopSettings.flag.i18n.help': '網店提供「網站設定」所選的語言，並設語言選單。關閉後只顯示預設語言，語言清單會保留。',
    'shopSettings.flag.ageRestricted': '年齡核實',
    'shopSettings.flag.ageRestricted.help':
      '含年齡限制商品的訂單，網上須由買家確認年齡；收銀處在加入第一件此類商品時由收銀員確認。',
    'shopSettings.flag.skipShipping': '無需送貨',
    'shopSettings.flag.skipShipping.help': '網店結帳不設送貨步驟，亦不收運費（服務、數碼商品）。',
    'shopSettings.flag.useComment': '商品評論',
    'shopSettings.flag.useComment.help': '顧客可在商品頁留下評論；由您批准、隱藏或回覆。',
    'shopSettings.flag.useEshopLink': '訂單連結至網店',
    'shopSettings.flag.useEshopLink.help': '顧客的訂單頁上，每件商品連結至其網店頁面。',
    'shopSettings.flag.useInventory': '追蹤庫存',
    'shopSettings.flag.useInventory.help':
      '銷售從倉庫扣減庫存，缺貨時停止出售。關閉後不會因庫存不足拒絕銷售，倉庫頁面亦會隱藏；庫存記錄仍會保留。',
    'shopSettings.flag.useReceive': '顧客確認收貨',
    'shopSettings.flag.useReceive.help': '顧客可在網店的訂單頁把已發貨的訂單標示為已收貨。',
    'shopSettings.flag.useTracking': '物流追蹤',
    'shopSettings.flag.useTracking.help': '在訂單輸入物流公司、追蹤編號及追蹤連結；發貨電郵及訂單頁會附上連結。'
  },
  chs: {
    'shopSettings.danger': '危险操作',
    'shopSettings.deleteShop': '删除此商店',
    'shopSettings.deleteHelp':
      '商店会立即关闭：网上商店及员工登录均会停止。{days} 日后，商店的所有记录及文件将永久移除。在此之前，管理员可在此取消。',
    'shopSettings.deleteConfirmText': '请输入商店名称「{name}」以确认。商店会立即关闭，其记录及文件将于 {days} 日后移除。',
    'shopSettings.deleteTypeName': '商店名称',
    'shopSettings.deletionScheduled': '此商店已关闭，将于 {date} 删除。取消即可重新开放。',
    'shopSettings.cancelDeletion': '取消删除',
    'shopSettings.deletionRequested': '商店已关闭并排定删除',
    'shopSettings.deletionCancelled': '已取消删除，商店重新开放',
    'shopSettings.title': '商店资料',
    'shopSettings.name': '商店名称',
    'shopSettings.subdomain': '网站地址（子域名）',
    'shopSettings.contact': '联系人',
    'shopSettings.phone': '电话',
    'shopSettings.shopEmail': '商店电邮',
    'shopSettings.location': '地址',
    'shopSettings.seoTitleSection': '搜索引擎（SEO）',
    'shopSettings.seoHelp': '用于网站上没有自己 SEO 文字的每一页。',
    'shopSettings.seoTitle': '网站标题',
    'shopSettings.seoDescription': '描述',
    'shopSettings.seoKeywords': '关键字（以逗号分隔）',
    'shopSettings.seoNeedsWebsite': '请先建立网站（网店的设置向导），之后可在此设置其 SEO 文字。',
    'shopSettings.icon': '商店图标／标志',
    'shopSettings.iconNotFound': '请从本店的媒体库选择图片',
    'shopSettings.multiscreen': '顾客副屏幕',
    'shopSettings.multiscreenHelp':
      '收银机提供顾客副屏幕（更多 → 顾客副屏幕），向顾客显示购物车、总额及找零。关闭：收银机不提供副屏幕。',
    'shopSettings.currencySymbol': '货币符号',
    'shopSettings.currency.dollar': '$（例如 $1,000.00）',
    'shopSettings.currency.hkDollar': 'HK$（例如 HK$1,000.00）',
    'shopSettings.switches': '功能',
    'shopSettings.flow': '商店流程',
    'shopSettings.flag.useSubShop': '分店',
    'shopSettings.flag.useSubShop.help': '显示“分店”页面：邀请其他商店并查看其销售及库存。关闭后页面隐藏，链接仍会保留。',
    'shopSettings.flag.useCashboxLog': '钱柜记录',
    'shopSettings.flag.useCashboxLog.help': '每班开始时清点备用金，并记录现金存入及取出。关闭后记录页面隐藏，数据仍会保留。',
    'shopSettings.flag.useInventoryLot': '库存批次',
    'shopSettings.flag.useInventoryLot.help':
      '以批次管理库存，记录入库及到期日（仓库 → 库存批次）。关闭后页面隐藏，批次仍会保留。',
    'shopSettings.flag.i18n': '多语言',
    'shopSettings.flag.i18n.help': '网店提供「网站设置」所选的语言，并设语言菜单。关闭后只显示默认语言，语言列表会保留。',
    'shopSettings.flag.ageRestricted': '年龄核实',
    'shopSettings.flag.ageRestricted.help':
      '含年龄限制商品的订单，网上须由买家确认年龄；收银处在加入第一件此类商品时由收银员确认。',
    'shopSettings.flag.skipShipping': '无需送货',
    'shopSettings.flag.skipShipping.help': '网店结账不设送货步骤，也不收运费（服务、数码商品）。',
    'shopSettings.flag.useComment': '商品评论',
    'shopSettings.flag.useComment.help': '顾客可在商品页留下评论；由您批准、隐藏或回复。',
    'shopSettings.flag.useEshopLink': '订单链接至网店',
    'shopSettings.flag.useEshopLink.help': '顾客的订单页上，每件商品链接至其网店页面。',
    'shopSettings.flag.useInventory': '追踪库存',
    'shopSettings.flag.useInventory.help':
      '销售从仓库扣减库存，缺货时停止出售。关闭后不会因库存不足拒绝销售，仓库页面也会隐藏；库存记录仍会保留。',
    'shopSettings.flag.useReceive': '顾客确认收货',
    'shopSettings.flag.useReceive.help': '顾客可在网店的订单页把已发货的订单标示为已收货。',
    'shopSettings.flag.useTracking': '物流追踪',
    'shopSettings.flag.useTracking.help': '在订单输入物流公司、追踪编号及追踪链接；发货邮件及订单页会附上链接。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsShop: keyof typeof settingsShopMessages.en
  }
}
