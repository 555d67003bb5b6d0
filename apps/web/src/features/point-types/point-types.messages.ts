import { defineMessages } from '../../lib/i18n/screen-messages'

/** Point types: the screen's own texts in every language (decision 0075, 0091). */
export const pointTypesMessages = defineMessages({
  en: {
    'route.settings/pointTypes': 'Point Types',
    'route.settings/pointTypes/edit': 'Edit Point Type',
    'pointType.one': 'Point type',
    'empty.pointTypes': 'No point types yet. Add one to let customers earn and spend points.',
    'empty.pointTypesAdd': 'Add point type',
    'pointType.expireType': 'Expiry counted from',
    'pointType.expireType.now': 'The day the points are earned',
    'pointType.expireType.register': 'The customer’s join date (every period from it)',
    'pointType.expiresIn': 'Expires in (days; empty: never)',
    'pointType.autoExtend': 'Earning again extends the expiry of all points',
    'pointType.allowTransfer': 'Customers may transfer points',
    'pointType.validFrom': 'Points are given from'
  },
  cht: {
    'route.settings/pointTypes': '積分類型',
    'route.settings/pointTypes/edit': '編輯積分類型',
    'pointType.one': '積分類型',
    'empty.pointTypes': '尚未有積分類型。新增一個，顧客便可賺取及使用積分。',
    'empty.pointTypesAdd': '新增積分類型',
    'pointType.expireType': '到期日起計',
    'pointType.expireType.now': '賺取積分當日',
    'pointType.expireType.register': '顧客加入日期（由該日起每個期間）',
    'pointType.expiresIn': '有效日數（留空：永不到期）',
    'pointType.autoExtend': '再次賺取積分時延長所有積分的到期日',
    'pointType.allowTransfer': '顧客可轉贈積分',
    'pointType.validFrom': '積分發放開始時間'
  },
  chs: {
    'route.settings/pointTypes': '积分类型',
    'route.settings/pointTypes/edit': '编辑积分类型',
    'pointType.one': '积分类型',
    'empty.pointTypes': '尚未有积分类型。新增一个，顾客便可赚取及使用积分。',
    'empty.pointTypesAdd': '新增积分类型',
    'pointType.expireType': '到期日起计',
    'pointType.expireType.now': '赚取积分当日',
    'pointType.expireType.register': '顾客加入日期（由该日起每个期间）',
    'pointType.expiresIn': '有效日数（留空：永不到期）',
    'pointType.autoExtend': '再次赚取积分时延长所有积分的到期日',
    'pointType.allowTransfer': '顾客可转赠积分',
    'pointType.validFrom': '积分发放开始时间'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    pointTypes: keyof typeof pointTypesMessages.en
  }
}
