import { describe, expect, it } from 'vitest'
import { drawerKick } from './drawer'
import { encodeLabel } from './label'
import { countBytes, indexOfBytes } from './test-bytes'
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'

const data = {
  name: 'Green tea',
  num: '4891234567890',
  id: '64b7f0c2a1b2c3d4e5f60718',
  price: '$12.50',
  weight: '0.250 kg',
  date: '2026-11-26'
}
const options = {
  language: 'esc-pos' as const,
  copies: 3,
  showDate: true,
  showID: true,
  showNum: true,
  labelSize: 'default' as const
}

describe('encodeLabel', () => {
  it('prints the copies, each cut, with the fields asked for and an EAN-13 barcode', () => {
    const bytes = encodeLabel(data, options)
    expect(Array.from(bytes.slice(0, 2))).toEqual([0x1b, 0x40])
    expect(countBytes(bytes, [0x1d, 0x56, 0x01])).toBe(3)
    expect(countBytes(bytes, 'Green tea')).toBe(3)
    expect(countBytes(bytes, '2026-11-26')).toBe(3)
    expect(countBytes(bytes, data.id)).toBe(3)
    expect(countBytes(bytes, [0x1d, 0x6b, 0x02, ...Array.from(data.num, (c) => c.charCodeAt(0)), 0x00])).toBe(3) // GS k 2: EAN-13
  })

  it('leaves out what is not asked, and a small label has no barcode', () => {
    const bytes = encodeLabel(data, { ...options, copies: 1, showDate: false, showID: false, showNum: false })
    expect(indexOfBytes(bytes, '2026-11-26')).toBe(-1)
    expect(indexOfBytes(bytes, data.id)).toBe(-1)
    expect(indexOfBytes(bytes, [0x1d, 0x6b])).toBe(-1)
    const small = encodeLabel(data, { ...options, copies: 1, labelSize: 'small' })
    expect(indexOfBytes(small, [0x1d, 0x6b])).toBe(-1)
    expect(indexOfBytes(small, `Price${' '.repeat(32 - 5 - 6)}$12.50`)).toBeGreaterThan(0)
    expect(() => encodeLabel(data, { ...options, copies: 0 })).toThrow()
    expect(() => encodeLabel(data, { ...options, copies: 101 })).toThrow()
  })
})

describe('drawerKick', () => {
  it('is the encoder’s own pulse, in each language', () => {
    for (const language of ['esc-pos', 'star-prnt'] as const)
      expect(Array.from(drawerKick(language))).toEqual(Array.from(new ReceiptPrinterEncoder({ language }).pulse().encode()))
  })
})
