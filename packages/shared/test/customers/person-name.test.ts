import { describe, expect, it } from 'vitest'
import { customerName, personName } from '../../src'

describe('personName (decision 0154)', () => {
  it('writes Chinese and Japanese names family name first, without a space', () => {
    expect(personName('小明', '陳')).toBe('陳小明')
    expect(personName('大文', '陈')).toBe('陈大文')
    expect(personName('太郎', '山田')).toBe('山田太郎')
  })
  it('keeps the space Korean writes, and a Latin given name apart', () => {
    expect(personName('민준', '김')).toBe('김 민준')
    expect(personName('Siu Ming', '陳')).toBe('陳 Siu Ming')
  })
  it('writes other names given name first', () => {
    expect(personName('Ann', 'Lee')).toBe('Ann Lee')
    expect(personName(' Ann ', '')).toBe('Ann')
    expect(personName(undefined, '陳')).toBe('陳')
    expect(personName(null, null)).toBe('')
  })
  it("is the customer's stored name", () => {
    expect(customerName({ firstName: '小明', lastName: '陳' })).toBe('陳小明')
    expect(customerName({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee')
  })
})
