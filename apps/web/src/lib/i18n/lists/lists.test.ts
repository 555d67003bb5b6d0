import { describe, expect, it } from 'vitest'
import { en } from '../resources/en'
import { listsChs } from './chs'
import { listsCht } from './cht'
import { listsEn } from './en'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

// Same rules as the entry's messages (i18n.test.ts), for the lazily loaded list texts.
describe.each([
  ['cht', listsCht],
  ['chs', listsChs]
] as const)('%s list messages', (_, messages) => {
  it('have exactly the English keys, none empty, same placeholders', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(listsEn).sort())
    for (const [key, text] of Object.entries(listsEn)) {
      const translated = (messages as Record<string, string>)[key]
      expect(translated, key).toBeTruthy()
      expect(placeholders(translated), key).toEqual(placeholders(text))
    }
  })
})

it('never redefines a key of the entry messages', () => {
  expect(Object.keys(listsEn).filter((key) => key in en)).toEqual([])
})
