// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { typeWords } from './variables-editor'

// The page editor's words as the app merges them (features' messages reach components through the translator).
const words: Record<string, string> = { 'pe.type.product': '產品', 'pe.type.list': '{item}清單', 'pe.type.tran': '多語言文字' }
const tAny = (key: string, values: Record<string, unknown> = {}) =>
  (words[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))

describe("a data variable's type", () => {
  it("reads in the merchant's words: 產品清單, not product[]", () => {
    expect(typeWords('product[]', tAny)).toBe('產品清單')
    expect(typeWords('tran', tAny)).toBe('多語言文字')
    expect(typeWords('product[][]', tAny)).toBe('產品清單清單')
    expect(typeWords('mystery', tAny)).toBe('mystery')
  })
})
