import { describe, expect, it } from 'vitest'
import { valuesChanged } from './form-changes'

describe('valuesChanged (the unsaved-changes question)', () => {
  it('sees a typed, removed or changed value', () => {
    expect(valuesChanged({}, { name: { en: 'Tea' } })).toBe(true)
    expect(valuesChanged({ name: { en: 'Tea' } }, { name: { en: 'Teas' } })).toBe(true)
    expect(valuesChanged({ price: 100 }, { price: '' })).toBe(true)
    expect(valuesChanged({ skus: [{ id: 'a' }] }, { skus: [] })).toBe(true)
    expect(valuesChanged({ active: false }, { active: true })).toBe(true)
  })

  it('sees no change in blanks, key order or a number typed as text', () => {
    expect(valuesChanged({}, { name: { en: '', cht: '' }, desc: '', tags: [] })).toBe(false)
    expect(valuesChanged({ a: 1, b: { en: 'x' } }, { b: { en: 'x', chs: '' }, a: '1' })).toBe(false)
    expect(valuesChanged({ price: null }, { price: undefined })).toBe(false)
  })
})
