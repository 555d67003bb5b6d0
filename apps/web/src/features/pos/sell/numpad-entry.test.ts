import { describe, expect, it } from 'vitest'
import { entryValue, pressKey, type EntryKind, type NumpadKey } from './numpad-entry'

const typeKeys = (keys: NumpadKey[], kind: EntryKind) =>
  keys.reduce<string>((entry, key) => pressKey(entry, key, kind) ?? entry, '')

describe('numpad entry', () => {
  it('types whole units and refuses a point, more than a million, and keeps no leading zero', () => {
    expect(typeKeys(['1', '2'], 'units')).toBe('12')
    expect(pressKey('12', '.', 'units')).toBeNull()
    expect(typeKeys(['0', '0', '5'], 'units')).toBe('5')
    expect(pressKey('100000', '0', 'units')).toBe('1000000')
    expect(pressKey('1000000', '0', 'units')).toBeNull()
    expect(pressKey('1000000', '1', 'units')).toBeNull()
    expect(entryValue('12', 'units')).toBe(12)
    expect(entryValue('0', 'units')).toBeNull()
    expect(entryValue('', 'units')).toBeNull()
  })

  it('types weights to thousandths and refuses a fourth decimal or a second point', () => {
    expect(typeKeys(['.', '2', '5'], 'weight')).toBe('0.25')
    expect(pressKey('0.250', '5', 'weight')).toBeNull()
    expect(pressKey('0.2', '.', 'weight')).toBeNull()
    expect(entryValue('0.25', 'weight')).toBe(0.25)
    expect(entryValue('1.', 'weight')).toBe(1)
    expect(entryValue('0.000', 'weight')).toBeNull()
    expect(entryValue('0.2505', 'weight')).toBeNull()
  })

  it('types money to cents exactly, refuses a third decimal and a tenth whole digit, never rounds', () => {
    expect(typeKeys(['1', '2', '.', '5'], 'money')).toBe('12.5')
    expect(entryValue('12.5', 'money')).toBe(1250)
    expect(entryValue('0.29', 'money')).toBe(29)
    expect(entryValue('19.99', 'money')).toBe(1999)
    expect(pressKey('12.50', '1', 'money')).toBeNull()
    expect(pressKey('12.5', '00', 'money')).toBeNull()
    expect(pressKey('12', '00', 'money')).toBe('1200')
    expect(pressKey('123456789', '0', 'money')).toBeNull()
    expect(entryValue('0', 'money')).toBe(0)
    expect(entryValue('1.234', 'money')).toBeNull()
    expect(entryValue('abc', 'money')).toBeNull()
  })

  it('takes back and clear', () => {
    expect(pressKey('12.5', 'back', 'money')).toBe('12.')
    expect(pressKey('12.5', 'clear', 'money')).toBe('')
    expect(pressKey('', 'back', 'units')).toBe('')
  })
})
