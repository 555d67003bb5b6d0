import { describe, expect, it } from 'vitest'
import { sharedMessages } from '@emporia/shared'
import { entryChs } from './entry/chs'
import { entryCht } from './entry/cht'
import { entryEn } from './entry/en'
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

// The entry's own messages (decision 0011): a signed-out visitor's pages, in every language; the
// copies of shared messages must say exactly what the shared messages (and so the server) say.
describe.each([
  ['en', entryEn, en],
  ['cht', entryCht, cht],
  ['chs', entryChs, chs]
] as const)('%s entry messages', (lang, entry, full) => {
  it('have the English entry keys, none empty, same placeholders', () => {
    expect(Object.keys(entry).sort()).toEqual(Object.keys(entryEn).sort())
    for (const [key, text] of Object.entries(entryEn)) {
      const translated = (entry as Record<string, string>)[key]
      expect(translated, key).toBeTruthy()
      expect(placeholders(translated), key).toEqual(placeholders(text))
    }
  })

  it('are part of the full messages, word for word', () => {
    for (const [key, text] of Object.entries(entry)) expect((full as Record<string, string>)[key], key).toBe(text)
  })

  it('copy shared messages unchanged', () => {
    const shared = sharedMessages[lang] as Record<string, string>
    const copies = Object.keys(entry).filter((key) => key in sharedMessages.en)
    expect(copies.length).toBeGreaterThan(0)
    for (const key of copies) expect((entry as Record<string, string>)[key], key).toBe(shared[key])
  })
})
