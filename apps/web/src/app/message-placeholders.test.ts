import { describe, expect, it } from 'vitest'
import { sharedMessages } from '@emporia/shared'
import { featureBundles } from './screen-messages'
import { chs } from '../lib/i18n/resources/chs'
import { cht } from '../lib/i18n/resources/cht'
import { en } from '../lib/i18n/resources/en'
import { listsChs } from '../lib/i18n/lists/chs'
import { listsCht } from '../lib/i18n/lists/cht'
import { listsEn } from '../lib/i18n/lists/en'

/** Placeholders are `{name}` (the interface's interpolation, i18n.ts); `{{name}}` would show unfilled. */
const doubled = (bundle: Record<string, string>) =>
  Object.entries(bundle)
    .filter(([, text]) => /\{\{\s*\w+\s*\}\}/.test(text))
    .map(([key]) => key)

describe('message placeholders', () => {
  it('every message writes its placeholders with single braces, so they are filled', () => {
    const bundles: Record<string, Record<string, string>> = { en, cht, chs, listsEn, listsCht, listsChs }
    for (const [language, bundle] of Object.entries(sharedMessages))
      bundles[`shared ${language}`] = bundle as Record<string, string>
    for (const [file, bundle] of Object.entries(featureBundles))
      for (const language of ['en', 'cht', 'chs'] as const) bundles[`${file} ${language}`] = bundle[language]
    const found = Object.entries(bundles).flatMap(([name, bundle]) => doubled(bundle).map((key) => `${name}: ${key}`))
    expect(found).toEqual([])
  })
})
