import { describe, expect, it } from 'vitest'
import { optionWords, pathWords } from './path-words'

// The page editor's words as the app merges them (features' messages reach components through the translator).
const cht: Record<string, string> = {
  'pe.exp.loop': '每一項',
  'pe.exp.outerLoop': '外 {depth} 層的每一項',
  'pe.exp.index': '第 {n} 項',
  'pe.field.name': '名稱',
  'pe.field.price': '價錢',
  'pe.field.images': '圖片',
  'pe.field.src': '網址',
  'pe.option.tag.p': '段落',
  'pe.var.featured': '精選產品',
  'pe.option.format.text': '照原文',
  'pe.option.variant.text': '只有文字'
}
const tAny = (key: string, values: Record<string, unknown> = {}) =>
  (cht[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))

describe("the page editor in the merchant's words", () => {
  it('reads a linked path as the item and its field: 每一項 › 名稱, not $$0.name', () => {
    expect(pathWords('$$0.name', tAny)).toBe('每一項 › 名稱')
    expect(pathWords('$$1.images.0.src', tAny)).toBe('外 1 層的每一項 › 圖片 › 第 1 項 › 網址')
    // A data variable is the merchant's own name.
    expect(pathWords('deals.price', tAny)).toBe('deals › 價錢')
    expect(pathWords('price', tAny)).toBe('price')
    // A template's own variable reads in words.
    expect(pathWords('featured', tAny)).toBe('精選產品')
  })

  it("names a block's choices: 段落 and 照原文, not p and text", () => {
    expect(optionWords('tag', 'p', tAny)).toBe('段落')
    expect(optionWords('format', 'text', tAny)).toBe('照原文')
    expect(optionWords('variant', 'text', tAny)).toBe('只有文字')
    expect(optionWords('tag', 'mystery', tAny)).toBe('mystery')
  })
})
