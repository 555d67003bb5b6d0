import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** PointTypes: the screen's own texts in every language (decision 0075). */
export const pointTypesMessages = defineMessages({
  en: {
    'route.settings/pointTypes': 'Point Types',
    'route.settings/pointTypes/edit': 'Edit PointType',
    'pointType.one': 'PointType',
    'empty.pointTypes': 'No pointTypes yet.',
    'empty.pointTypesAdd': 'Add PointType'
  },
  cht: {
    'route.settings/pointTypes': '積分類型',
    'route.settings/pointTypes/edit': 'Edit PointType',
    'pointType.one': 'PointType',
    'empty.pointTypes': 'No pointTypes yet.',
    'empty.pointTypesAdd': 'Add PointType'
  },
  chs: {
    'route.settings/pointTypes': '积分类型',
    'route.settings/pointTypes/edit': 'Edit PointType',
    'pointType.one': 'PointType',
    'empty.pointTypes': 'No pointTypes yet.',
    'empty.pointTypesAdd': 'Add PointType'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    pointTypes: keyof typeof pointTypesMessages.en
  }
}
