import { describe, expect, it } from 'vitest'
import type { LocaleId } from '@emporia/shared'
import type { ResourceDefinition } from '../data-table/resource'
import { importColumns } from './import-columns'

const words: Record<LocaleId, Record<string, string>> = {
  en: {
    'export.id': 'ID',
    'res.name': 'Name',
    'product.price': 'Price',
    'lang.en': 'English',
    'lang.cht': '繁體中文',
    'lang.chs': '简体中文'
  },
  cht: {
    'export.id': 'ID',
    'res.name': '名稱',
    'product.price': '售價',
    'lang.en': 'English',
    'lang.cht': '繁體中文',
    'lang.chs': '简体中文'
  },
  chs: {
    'export.id': 'ID',
    'res.name': '名称',
    'product.price': '售价',
    'lang.en': 'English',
    'lang.cht': '繁體中文',
    'lang.chs': '简体中文'
  }
}
const translators = Object.fromEntries(
  Object.entries(words).map(([lang, table]) => [lang, (key: string) => table[key] ?? key])
) as Record<LocaleId, (key: string) => string>

const definition = {
  path: 'products',
  name: 'product.one',
  columns: [],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable' },
    { name: 'price', label: 'product.price', type: 'money' }
  ]
} as unknown as ResourceDefinition

describe('the columns an import sends', () => {
  it("are the list's All fields columns titled in every language, the current one first, each title once", () => {
    const columns = importColumns(definition, translators, 'cht')
    expect(columns.map((column) => column.header)).toEqual([
      'ID',
      '名稱 (English)',
      '名稱 (繁體中文)',
      '名稱 (简体中文)',
      '售價',
      'Name (English)',
      'Name (繁體中文)',
      'Name (简体中文)',
      'Price',
      '名称 (English)',
      '名称 (繁體中文)',
      '名称 (简体中文)',
      '售价'
    ])
    expect(columns.find((column) => column.header === 'Price')).toMatchObject({ field: 'price', kind: 'money' })
    expect(columns.find((column) => column.header === '名称 (简体中文)')).toMatchObject({ field: 'name', lang: 'chs' })
  })
})
