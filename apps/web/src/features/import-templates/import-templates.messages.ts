import { defineMessages } from '../../lib/i18n/screen-messages'

/** Import templates and the import screen: their own texts in every language (decision 0075). */
export const importTemplatesMessages = defineMessages({
  en: {
    'route.settings/imports': 'Imports',
    'route.settings/imports/edit': 'Edit import template',
    'importTemplate.one': 'Import template',
    'empty.importTemplates': 'No import templates yet: a file can also be imported by its column titles.',
    'empty.importTemplatesAdd': 'Add an import template',
    'importTemplate.importFile': 'Import a file',
    'importTemplate.targetRoute': 'Imports into',
    'importTemplate.target.products': 'Products',
    'importTemplate.sheetName': 'Sheet',
    'importTemplate.headerRow': 'Row of column titles',
    'importTemplate.dataStartRow': 'First row of data',
    'importTemplate.mappings': 'Columns',
    'importTemplate.field': 'Field',
    'importTemplate.header': 'Column title',
    'importTemplate.sourceType': 'Taken from',
    'importTemplate.source.single': 'One column',
    'importTemplate.source.variable': 'Any of several titles',
    'importTemplate.source.constant': 'The same value',
    'importTemplate.source.lookup': 'A name to look up',
    'importTemplate.value': 'Value',
    'importTemplate.key': 'Finds the record',
    'importTemplate.script': 'Script (each row → its fields)'
  },
  cht: {
    'route.settings/imports': '匯入',
    'route.settings/imports/edit': '編輯匯入範本',
    'importTemplate.one': '匯入範本',
    'empty.importTemplates': '尚未有匯入範本：檔案亦可按欄位標題匯入。',
    'empty.importTemplatesAdd': '新增匯入範本',
    'importTemplate.importFile': '匯入檔案',
    'importTemplate.targetRoute': '匯入至',
    'importTemplate.target.products': '商品',
    'importTemplate.sheetName': '工作表',
    'importTemplate.headerRow': '欄位標題所在列',
    'importTemplate.dataStartRow': '資料起始列',
    'importTemplate.mappings': '欄位',
    'importTemplate.field': '資料欄',
    'importTemplate.header': '欄位標題',
    'importTemplate.sourceType': '取值方式',
    'importTemplate.source.single': '單一欄位',
    'importTemplate.source.variable': '多個標題之一',
    'importTemplate.source.constant': '固定值',
    'importTemplate.source.lookup': '按名稱查找',
    'importTemplate.value': '值',
    'importTemplate.key': '用作識別鍵',
    'importTemplate.script': '腳本（每列 → 其資料欄）'
  },
  chs: {
    'route.settings/imports': '导入',
    'route.settings/imports/edit': '编辑导入模板',
    'importTemplate.one': '导入模板',
    'empty.importTemplates': '尚未有导入模板：文件亦可按栏位标题导入。',
    'empty.importTemplatesAdd': '新增导入模板',
    'importTemplate.importFile': '导入文件',
    'importTemplate.targetRoute': '导入至',
    'importTemplate.target.products': '商品',
    'importTemplate.sheetName': '工作表',
    'importTemplate.headerRow': '栏位标题所在行',
    'importTemplate.dataStartRow': '数据起始行',
    'importTemplate.mappings': '栏位',
    'importTemplate.field': '数据栏',
    'importTemplate.header': '栏位标题',
    'importTemplate.sourceType': '取值方式',
    'importTemplate.source.single': '单一栏位',
    'importTemplate.source.variable': '多个标题之一',
    'importTemplate.source.constant': '固定值',
    'importTemplate.source.lookup': '按名称查找',
    'importTemplate.value': '值',
    'importTemplate.key': '用作识别键',
    'importTemplate.script': '脚本（每行 → 其数据栏）'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    importTemplates: keyof typeof importTemplatesMessages.en
  }
}
