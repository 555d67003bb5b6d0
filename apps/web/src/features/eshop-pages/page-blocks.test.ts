import { describe, expect, it } from 'vitest'
import { objectTypeFields, themeComponentNames, themeComponentSpec } from '@emporia/shared'
import { pageBlocksMessages } from './page-blocks.messages'

const languages = ['en', 'cht', 'chs'] as const
const words = (language: (typeof languages)[number]) => pageBlocksMessages[language] as Record<string, string>

describe("the page editor's words", () => {
  it('name every block and every setting of the theme in every language, never by its code name', () => {
    const props = new Set(themeComponentNames.flatMap((type) => Object.keys(themeComponentSpec(type)!.props)))
    for (const language of languages) {
      for (const type of themeComponentNames) expect(words(language)[`pe.block.${type}`], `${language} ${type}`).toMatch(/\S/)
      for (const prop of props) expect(words(language)[`pe.prop.${prop}`], `${language} ${prop}`).toMatch(/\S/)
      for (const group of ['layout', 'content', 'data', 'other']) expect(words(language)[`pe.category.${group}`]).toMatch(/\S/)
    }
    // The developer words of the walk: "for", "if", "flex", "layout" are things a merchant recognises.
    expect(['for', 'if', 'flex', 'layout'].map((type) => words('cht')[`pe.block.${type}`])).toEqual([
      '逐項重複',
      '條件顯示',
      '並排區塊',
      '頁面框架'
    ])
  })

  it('name every choice of every setting, the fields a linked path reads and the drag announcements', () => {
    const specs = themeComponentNames.flatMap((type) => {
      const props = Object.entries(themeComponentSpec(type)!.props)
      // A list's items (a condition's comparison) have choices of their own.
      return props.flatMap(([name, spec]) => [[name, spec] as const, ...Object.entries(spec.fields ?? {})])
    })
    const options = specs.flatMap(([name, spec]) => (spec.options ?? []).map((option) => `pe.option.${name}.${option}`))
    expect(options.length).toBeGreaterThan(40)
    const fields = [...new Set(Object.values(objectTypeFields).flatMap((fields) => Object.keys(fields)))].map(
      (key) => `pe.field.${key}`
    )
    const drag = ['pickedUp', 'over', 'notOver', 'dropped', 'droppedNowhere', 'cancelled', 'instructions'].map(
      (key) => `pe.drag.${key}`
    )
    for (const language of languages)
      for (const key of [...options, ...fields, ...drag]) expect(words(language)[key], `${language} ${key}`).toMatch(/\S/)
    expect(words('cht')['pe.option.tag.p']).toBe('段落')
    expect(words('cht')['pe.drag.pickedUp']).toContain('{block}')
  })

  it("translate Puck's own panels and tooltips, keeping Puck's placeholders", () => {
    expect(words('cht')['pe.puck.plugin-outline']).toBe('結構')
    expect(words('cht')['pe.puck.drawer-category-expand']).toContain('{title}')
    expect(words('chs')['pe.puck.viewport-switch']).toContain('{label}')
  })
})
