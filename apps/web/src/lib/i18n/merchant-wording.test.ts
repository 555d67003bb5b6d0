import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { entryChs } from './entry/chs'
import { entryCht } from './entry/cht'
import { entryEn } from './entry/en'
import { listsChs } from './lists/chs'
import { listsCht } from './lists/cht'
import { listsEn } from './lists/en'
import { chs } from './resources/chs'
import { cht } from './resources/cht'
import { en } from './resources/en'
import { internalWording } from './merchant-wording'

const bundles = { entryEn, entryCht, entryChs, en, cht, chs, listsEn, listsCht, listsChs }

describe('texts a merchant reads', () => {
  it.each(Object.entries(bundles))('%s never mentions issues or internals', (_, messages) => {
    expect(internalWording(messages)).toEqual([])
  })

  it('says "Coming soon" for a screen that is not there yet, in every language', () => {
    expect([en['placeholder.title'], cht['placeholder.title'], chs['placeholder.title']]).toEqual([
      'Coming soon',
      '即將推出',
      '即将推出'
    ])
  })
})

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : []
  })

it('names no issue number anywhere in the web source, comments included', () => {
  const found = files(source).filter((file) => /\bissues?\s*#?\d+/i.test(readFileSync(file, 'utf8')))
  expect(found.map((file) => path.relative(source, file))).toEqual([])
})
