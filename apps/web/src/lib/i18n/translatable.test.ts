import { describe, expect, it } from 'vitest'
import { fallbackText, resolveText, type Translate } from './translatable'

const t: Translate = (key, values = {}) =>
  ({ greet: 'Hello {name}', 'order.count': '{count} orders in {shop}' })[key]?.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(values[name] ?? '')
  ) ?? key

describe('resolveText', () => {
  it('takes a plain string as it is', () => {
    expect(resolveText('Tea', 'cht', t)).toBe('Tea')
    expect(resolveText(undefined, 'cht', t)).toBe('')
  })

  it('resolves {lang, value}[] current → en → first', () => {
    const value = [
      { lang: 'chs', value: '茶s' },
      { lang: 'en', value: 'Tea' }
    ]
    expect(resolveText(value, 'chs', t)).toBe('茶s')
    expect(resolveText(value, 'cht', t)).toBe('Tea')
    expect(resolveText([{ lang: 'chs', value: '茶s' }], 'cht', t)).toBe('茶s')
  })

  it('resolves locale objects current → en → first, skipping empty values', () => {
    expect(resolveText({ en: 'Tea', cht: '茶' }, 'cht', t)).toBe('茶')
    expect(resolveText({ en: 'Tea', cht: '' }, 'cht', t)).toBe('Tea')
    expect(resolveText({ chs: '茶s' }, 'en', t)).toBe('茶s')
    expect(resolveText({}, 'en', t)).toBe('')
  })

  it('translates $t with $a and translatable $ta arguments', () => {
    expect(resolveText({ $t: 'greet', $a: { name: 'Ada' } }, 'en', t)).toBe('Hello Ada')
    expect(resolveText({ $t: 'order.count', $a: { count: 3 }, $ta: { shop: { en: 'Shop', cht: '店' } } }, 'cht', t)).toBe(
      '3 orders in 店'
    )
  })

  it('joins $join parts, each resolved', () => {
    expect(resolveText({ $join: ['#1 ', { en: 'Tea', cht: '茶' }, { $t: 'greet', $a: { name: '!' } }] }, 'cht', t)).toBe(
      '#1 茶Hello !'
    )
  })

  it('offers an English-preferring fallback', () => {
    expect(fallbackText({ cht: '茶', en: 'Tea' }, t)).toBe('Tea')
  })
})
