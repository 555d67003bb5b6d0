import { describe, expect, it } from 'vitest'
import { chs } from './resources/chs'
import { cht } from './resources/cht'
import { en } from './resources/en'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

// The typecheck already refuses a missing key in cht/chs; this also catches extra keys, empty
// texts and placeholders that differ between languages, and runs in `npm test`.
describe.each([
  ['cht', cht],
  ['chs', chs]
] as const)('%s messages', (_, messages) => {
  it('have exactly the English keys', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort())
  })

  it('have no empty text and the same placeholders as English', () => {
    for (const [key, text] of Object.entries(en)) {
      const translated = (messages as Record<string, string>)[key]
      expect(translated, key).toBeTruthy()
      expect(placeholders(translated), key).toEqual(placeholders(text))
    }
  })
})
