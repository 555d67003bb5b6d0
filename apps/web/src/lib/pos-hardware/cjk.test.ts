import { describe, expect, it } from 'vitest'
import { clip, displayWidth, encodeCjk, wrap } from './cjk'

describe('Chinese text for the printer', () => {
  it('encodes Big5 and GB18030 two-byte codes, ASCII as one byte, and refuses what the charset lacks', () => {
    expect(Array.from(encodeCjk('A國1', 'big5')!)).toEqual([0x41, 0xb0, 0xea, 0x31])
    expect(Array.from(encodeCjk('A国1', 'gb18030')!)).toEqual([0x41, 0xb9, 0xfa, 0x31])
    expect(encodeCjk('国', 'big5')).toBeNull() // simplified only
    expect(encodeCjk('🍵', 'gb18030')).toBeNull() // four-byte GB18030: not in the printers' fonts
  })

  it('counts a Chinese character as two columns, and wraps without splitting one', () => {
    expect(displayWidth('ab中文')).toBe(6)
    expect(clip('中文字', 5)).toBe('中文')
    expect(wrap('綠茶 烏龍茶 普洱茶', 8)).toEqual(['綠茶', '烏龍茶', '普洱茶'])
    expect(wrap('Green tea leaves', 9)).toEqual(['Green tea', 'leaves'])
  })
})
