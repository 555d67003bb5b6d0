import { defineMessages } from '../../lib/i18n/screen-messages'

/** The developer page importWithScript (spec §2.2; decision 0171) and the developer pages' menu. */
export const devImportScriptMessages = defineMessages({
  en: {
    'devPages.menu': 'Developer pages',
    'devImportScript.intro':
      'A script turns each row of a sheet into a product’s fields. `row` holds the row’s cells by column title and `rowNumber` its number; return an object of fields (name.en, price, skus.price…) written as the export writes them, or null to leave the row out. Each row has 50 ms.',
    'devImportScript.name': 'Template name',
    'devImportScript.headerRow': 'Row of column titles',
    'devImportScript.dataStartRow': 'First row of data',
    'devImportScript.script': 'Script',
    'devImportScript.file': 'Pick a file',
    'devImportScript.noFile': 'No file picked',
    'devImportScript.save': 'Save as import template',
    'devImportScript.preview': 'Save and preview',
    'devImportScript.saved': 'Saved as the import template “{name}”: import with it from Settings → Imports.',
    'devImportScript.previewing': 'Previewing…',
    'devImportScript.rows': 'The first rows',
    'devImportScript.row': 'Row',
    'devImportScript.fields': 'Fields',
    'devImportScript.reasons': 'Reasons',
    'devImportScript.new': 'New',
    'devImportScript.modified': 'Changed',
    'devImportScript.error': 'Error',
    'devImportScript.none': 'No row gave a change or an error (rows the script left out or that change nothing are not listed).'
  },
  cht: {
    'devPages.menu': '開發者頁面',
    'devImportScript.intro':
      '腳本把試算表的每一列轉成商品的資料欄。`row` 按欄位標題存放該列的儲存格，`rowNumber` 是列號；傳回資料欄物件（name.en、price、skus.price…），寫法與匯出檔相同，或傳回 null 略過該列。每列限時 50 毫秒。',
    'devImportScript.name': '範本名稱',
    'devImportScript.headerRow': '欄位標題所在列',
    'devImportScript.dataStartRow': '資料起始列',
    'devImportScript.script': '腳本',
    'devImportScript.file': '選擇檔案',
    'devImportScript.noFile': '尚未選擇檔案',
    'devImportScript.save': '儲存為匯入範本',
    'devImportScript.preview': '儲存並預覽',
    'devImportScript.saved': '已儲存為匯入範本「{name}」：可在「設定 → 匯入」中使用。',
    'devImportScript.previewing': '預覽中…',
    'devImportScript.rows': '首幾列',
    'devImportScript.row': '列',
    'devImportScript.fields': '資料欄',
    'devImportScript.reasons': '原因',
    'devImportScript.new': '新增',
    'devImportScript.modified': '修改',
    'devImportScript.error': '錯誤',
    'devImportScript.none': '沒有列產生變更或錯誤（腳本略過或沒有變更的列不會列出）。'
  },
  chs: {
    'devPages.menu': '开发者页面',
    'devImportScript.intro':
      '脚本把电子表格的每一行转成商品的数据栏。`row` 按栏位标题存放该行的单元格，`rowNumber` 是行号；返回数据栏对象（name.en、price、skus.price…），写法与导出文件相同，或返回 null 跳过该行。每行限时 50 毫秒。',
    'devImportScript.name': '模板名称',
    'devImportScript.headerRow': '栏位标题所在行',
    'devImportScript.dataStartRow': '数据起始行',
    'devImportScript.script': '脚本',
    'devImportScript.file': '选择文件',
    'devImportScript.noFile': '尚未选择文件',
    'devImportScript.save': '保存为汇入模板',
    'devImportScript.preview': '保存并预览',
    'devImportScript.saved': '已保存为汇入模板「{name}」：可在「设置 → 汇入」中使用。',
    'devImportScript.previewing': '预览中…',
    'devImportScript.rows': '前几行',
    'devImportScript.row': '行',
    'devImportScript.fields': '数据栏',
    'devImportScript.reasons': '原因',
    'devImportScript.new': '新增',
    'devImportScript.modified': '修改',
    'devImportScript.error': '错误',
    'devImportScript.none': '没有行产生变更或错误（脚本跳过或没有变更的行不会列出）。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    devImportScript: keyof typeof devImportScriptMessages.en
  }
}
