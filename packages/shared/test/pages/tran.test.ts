import { describe, expect, it } from 'vitest'
import { fallbackTran, isTranText, pickTran } from '../../src/pages/tran'

describe('tran picking (spec §3.5)', () => {
  it('takes the current language, then English, then the first value', () => {
    expect(pickTran({ en: 'Tea', cht: '茶', chs: '茶叶' }, 'chs')).toBe('茶叶')
    expect(pickTran({ en: 'Tea', cht: '茶' }, 'chs')).toBe('Tea')
    expect(pickTran({ cht: '茶' }, 'en')).toBe('茶')
    expect(pickTran({ en: '', cht: '茶' }, 'en')).toBe('茶')
    expect(pickTran({}, 'en')).toBe('')
  })

  it('reads a plain string as every language and the {lang, value} list form', () => {
    expect(pickTran('Tea', 'cht')).toBe('Tea')
    expect(
      pickTran(
        [
          { lang: 'en', value: 'Tea' },
          { lang: 'cht', value: '茶' }
        ],
        'cht'
      )
    ).toBe('茶')
    expect(pickTran([{ lang: 'chs', value: '茶叶' }], 'en')).toBe('茶叶')
    expect(pickTran(null, 'en')).toBe('')
  })

  it('translates $t with shared messages (or a given translator) and joins $join parts', () => {
    expect(pickTran({ $t: 'format.length', $a: { length: 3 } }, 'en')).toBe('At least 3 characters')
    expect(pickTran({ $t: 'no.such.key' }, 'en')).toBe('no.such.key')
    const translate = (key: string, values: Record<string, unknown>, locale: string) => `${locale}:${key}:${String(values.who)}`
    expect(pickTran({ $t: 'hi', $ta: { who: { en: 'Ann', cht: '安' } } }, 'cht', translate)).toBe('cht:hi:安')
    expect(pickTran({ $join: ['#1 ', { en: 'Tea', cht: '茶' }] }, 'cht')).toBe('#1 茶')
  })

  it('offers the English-preferring fallback', () => {
    expect(fallbackTran({ cht: '茶', en: 'Tea' })).toBe('Tea')
  })

  it('knows a translatable text from other values', () => {
    expect(isTranText({ en: 'a', chs: 'b' })).toBe(true)
    expect(isTranText([{ lang: 'cht', value: 'x' }])).toBe(true)
    expect(isTranText({ fr: 'x' })).toBe(false)
    expect(isTranText({ en: 3 })).toBe(false)
    expect(isTranText([{ lang: 'de', value: 'x' }])).toBe(false)
    expect(isTranText(5)).toBe(false)
  })
})
