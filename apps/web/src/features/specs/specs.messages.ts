import { defineMessages } from '../../lib/i18n/screen-messages'

/** Spec definitions: the screen's own texts in every language (decision 0075). */
export const specsMessages = defineMessages({
  en: {
    'empty.specs': 'No specs yet. Specs describe your products, such as size or material.',
    'empty.specsAdd': 'Create a spec',
    'product.tab.specs': 'Specs',
    'spec.one': 'Spec',
    'spec.type': 'Type',
    'spec.type.number': 'Number',
    'spec.type.boolean': 'Checkbox',
    'spec.type.enum': 'Single',
    'spec.type.multiEnum': 'Multi',
    'spec.type.string': 'Text',
    'spec.type.tran': 'Translated text',
    'spec.options': 'Options',
    'spec.min': 'Minimum',
    'spec.max': 'Maximum',
    'spec.searchable': 'Searchable',
    'spec.tag': 'Tag'
  },
  cht: {
    'empty.specs': '還沒有規格。規格用來描述產品，例如尺寸或材質。',
    'empty.specsAdd': '建立規格',
    'product.tab.specs': '規格',
    'spec.one': '規格',
    'spec.type': '類型',
    'spec.type.number': '數字',
    'spec.type.boolean': '勾選',
    'spec.type.enum': '單選',
    'spec.type.multiEnum': '多選',
    'spec.type.string': '文字',
    'spec.type.tran': '多語言文字',
    'spec.options': '選項',
    'spec.min': '最小值',
    'spec.max': '最大值',
    'spec.searchable': '可搜尋',
    'spec.tag': '標記'
  },
  chs: {
    'empty.specs': '还没有规格。规格用来描述产品，例如尺寸或材质。',
    'empty.specsAdd': '创建规格',
    'product.tab.specs': '规格',
    'spec.one': '规格',
    'spec.type': '类型',
    'spec.type.number': '数字',
    'spec.type.boolean': '勾选',
    'spec.type.enum': '单选',
    'spec.type.multiEnum': '多选',
    'spec.type.string': '文字',
    'spec.type.tran': '多语言文字',
    'spec.options': '选项',
    'spec.min': '最小值',
    'spec.max': '最大值',
    'spec.searchable': '可搜索',
    'spec.tag': '标记'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    specs: keyof typeof specsMessages.en
  }
}
