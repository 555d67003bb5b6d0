import { describe, expect, it } from 'vitest'
import { lineTitle } from '../src/orders/line-title'

describe('lineTitle (decision 0139)', () => {
  const teaSet = { en: 'Tea set', cht: '茶具', chs: '茶具套装' }

  it('names the product and the SKU', () => {
    expect(lineTitle({ productName: teaSet, skuName: { en: 'Large', cht: '大' } }, 'en')).toBe('Tea set · Large')
    expect(lineTitle({ productName: teaSet, skuName: { en: 'Large', cht: '大' } }, 'cht')).toBe('茶具 · 大')
    // A language the SKU lacks falls back to English, as every translatable text does.
    expect(lineTitle({ productName: teaSet, skuName: { en: 'Large' } }, 'chs')).toBe('茶具套装 · Large')
  })

  it('is the product alone without a SKU name, or when the SKU repeats it', () => {
    expect(lineTitle({ productName: teaSet, skuName: null }, 'en')).toBe('Tea set')
    expect(lineTitle({ productName: 'Tea set' }, 'en')).toBe('Tea set')
    expect(lineTitle({ productName: 'Tea set', skuName: { en: '' } }, 'en')).toBe('Tea set')
    expect(lineTitle({ productName: 'Tea set', skuName: 'Tea set' }, 'en')).toBe('Tea set')
  })

  it('shows an older line by the name it was kept with', () => {
    expect(lineTitle({ name: { en: 'Large', cht: '大' } }, 'cht')).toBe('大')
    expect(lineTitle({ name: 'Mug', productName: null }, 'en')).toBe('Mug')
    expect(lineTitle({}, 'en')).toBe('')
  })

  it("takes the caller's own text picker (the till's)", () => {
    const upper = (value: unknown) => String((value as { en?: string }).en ?? value).toUpperCase()
    expect(lineTitle({ productName: teaSet, skuName: { en: 'Large' } }, upper)).toBe('TEA SET · LARGE')
  })
})
