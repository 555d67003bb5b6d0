import { describe, expect, it } from 'vitest'
import { createAppTheme } from './theme'

describe("MUI's own control texts", () => {
  it("are the interface's language: an autocomplete's Open and Clear are 開啟 and 清除 in cht", () => {
    const props = (language: string) => createAppTheme(false, false, language).components?.MuiAutocomplete?.defaultProps
    expect(props('cht')).toMatchObject({ openText: '開啟', clearText: '清除', closeText: '關閉' })
    expect(props('chs')).toMatchObject({ openText: '打开', clearText: '清空' })
    // English is MUI's default ("Open", "Clear").
    expect(props('en')?.openText ?? 'Open').toBe('Open')
  })
})
