import { defineMessages } from '../../lib/i18n/screen-messages'

/** Weight units as the till names them (the weight prompt, the scale's reading), in every language. */
export const posUnitsMessages = defineMessages({
  en: {
    'pos.unit.kg': 'kg',
    'pos.unit.g': 'g',
    'pos.unit.oz': 'oz',
    'pos.unit.lb': 'lb',
    'pos.unit.tael': 'tael',
    'pos.unit.hk_catty': 'catty'
  },
  cht: {
    'pos.unit.kg': '公斤',
    'pos.unit.g': '克',
    'pos.unit.oz': '安士',
    'pos.unit.lb': '磅',
    'pos.unit.tael': '兩',
    'pos.unit.hk_catty': '斤'
  },
  chs: {
    'pos.unit.kg': '公斤',
    'pos.unit.g': '克',
    'pos.unit.oz': '盎司',
    'pos.unit.lb': '磅',
    'pos.unit.tael': '两',
    'pos.unit.hk_catty': '斤'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posUnits: keyof typeof posUnitsMessages.en
  }
}
