/**
 * The import targets' reasons (decision 0172), spread into `sharedMessages`: an existing record's field an
 * import may not change (a stock entry's quantity), and a cell that is no date.
 */
export const importTargetMessages = {
  en: {
    'import.notChangeable': '{fields} cannot change on an existing record. A row without an ID adds a new one',
    'import.date': '"{value}" is not a date'
  },
  cht: {
    'import.notChangeable': '現有記錄的{fields}不可更改。不填 ID 的一行會新增一筆記錄',
    'import.date': '「{value}」不是日期'
  },
  chs: {
    'import.notChangeable': '现有记录的{fields}不可更改。不填 ID 的一行会新增一条记录',
    'import.date': '“{value}”不是日期'
  }
} as const
