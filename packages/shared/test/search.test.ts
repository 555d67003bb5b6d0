import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeRegex, lookupQuery, textCondition } from '../src/query/search'
import { isObjectId } from '../src/platform/ids'

describe('search conditions (spec §5.7)', () => {
  it('escapes user text so that it matches literally', () => {
    fc.assert(fc.property(fc.string(), (text) => new RegExp(`^${escapeRegex(text)}$`).test(text)))
  })

  it('builds prefix and contains conditions with the case variants', () => {
    expect(textCondition('regstart', 'a.b')).toEqual({ $regex: '^a\\.b', $options: 'i' })
    expect(textCondition('regexp', 'x+')).toEqual({ $regex: 'x\\+', $options: 'i' })
    expect(textCondition('regexp-case', 'Ab')).toEqual({ $regex: 'Ab' })
    expect(textCondition('regstart-uppercase', 'ab')).toEqual({ $regex: '^AB', $options: 'i' })
    expect(textCondition('regexp-lowercase', 'AB')).toEqual({ $regex: 'ab', $options: 'i' })
  })

  it('matches lookup text against any configured field', () => {
    expect(lookupQuery(['name', 'email'], 'a*')).toEqual({
      $or: [{ name: { $regex: 'a\\*', $options: 'i' } }, { email: { $regex: 'a\\*', $options: 'i' } }]
    })
  })

  it('recognises 24-character lowercase hex ids only', () => {
    expect(isObjectId('0123456789abcdef01234567')).toBe(true)
    expect(isObjectId('0123456789ABCDEF01234567')).toBe(false)
    expect(isObjectId('0123')).toBe(false)
    expect(isObjectId(123)).toBe(false)
  })
})
