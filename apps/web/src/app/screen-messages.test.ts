import { describe, expect, it } from 'vitest'
import { listsEn } from '../lib/i18n/lists/en'
import { internalWording } from '../lib/i18n/merchant-wording'
import { en } from '../lib/i18n/resources/en'
import { featureBundles, screenMessages } from './screen-messages'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

// The same rules as the shared message files (i18n.test.ts, lists.test.ts), for each feature's own file.
describe.each(Object.entries(featureBundles))('%s', (_, bundle) => {
  it('has the English keys in cht and chs, none empty, same placeholders, no internals', () => {
    for (const messages of [bundle.cht, bundle.chs]) {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(bundle.en).sort())
      for (const [key, text] of Object.entries(bundle.en)) {
        expect(messages[key], key).toBeTruthy()
        expect(placeholders(messages[key]), key).toEqual(placeholders(text))
      }
    }
    for (const messages of [bundle.en, bundle.cht, bundle.chs]) expect(internalWording(messages)).toEqual([])
  })
})

it('never redefines a key of another file', () => {
  const keys = Object.values(featureBundles).flatMap((bundle) => Object.keys(bundle.en))
  expect(keys.length).toBeGreaterThan(20)
  expect(new Set(keys).size).toBe(keys.length)
  expect(keys.filter((key) => key in en || key in listsEn)).toEqual([])
  expect(Object.keys(screenMessages.en)).toHaveLength(keys.length)
})
