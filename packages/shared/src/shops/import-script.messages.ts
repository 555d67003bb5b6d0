/**
 * The reasons of importWithScript (decision 0171), spread into `sharedMessages`: a row the template's
 * script failed, ran too long on, or a script that does not compile. `{message}` is the script's own.
 */
export const importScriptMessages = {
  en: {
    'import.scriptError': 'The script failed on this row: {message}',
    'import.scriptTimeout': 'The script took too long on this row (more than 50 ms)',
    'import.scriptSyntax': 'The script does not compile: {message}'
  },
  cht: {
    'import.scriptError': '腳本處理此列時出錯：{message}',
    'import.scriptTimeout': '腳本處理此列用時過長（超過 50 毫秒）',
    'import.scriptSyntax': '腳本無法編譯：{message}'
  },
  chs: {
    'import.scriptError': '脚本处理此行时出错：{message}',
    'import.scriptTimeout': '脚本处理此行用时过长（超过 50 毫秒）',
    'import.scriptSyntax': '脚本无法编译：{message}'
  }
} as const
