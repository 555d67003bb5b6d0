import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_BARCODE_LAYOUT, ean13CheckDigit, embedCode, isValidEan13, readEmbeddedCode } from '../src/catalogue/barcode'
import type { BarcodeLayout } from '../src/inventory/barcode-layout.schema'

const weight: BarcodeLayout = { prefix: '21', itemDigits: 5, value: 'weight', valueDigits: 5 }

describe('EAN-13 check digits', () => {
  it('computes the check digit of known codes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1)
    expect(ean13CheckDigit('501234567890')).toBe(0)
    expect(isValidEan13('4006381333931')).toBe(true)
    expect(isValidEan13('4006381333932')).toBe(false)
    expect(isValidEan13('400638133393')).toBe(false)
    expect(isValidEan13('400638133393a')).toBe(false)
    expect(() => ean13CheckDigit('12')).toThrow(RangeError)
  })

  it('catches every single wrong digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12}$/),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          const code = body + String(ean13CheckDigit(body))
          const wrong = code.slice(0, at) + String((Number(code[at]) + shift) % 10) + code.slice(at + 1)
          return isValidEan13(code) && !isValidEan13(wrong)
        }
      )
    )
  })
})

describe('embedded price and weight codes', () => {
  it('reads the default layout: 2, six item digits, a five-digit price in cents', () => {
    const code = embedCode(DEFAULT_BARCODE_LAYOUT, '001234', 1250)
    expect(code).toBe('2001234012508')
    expect(readEmbeddedCode(code)).toEqual({
      kind: 'readings',
      readings: [{ layout: DEFAULT_BARCODE_LAYOUT, itemCodes: ['001234', '1234'], value: 1250 }]
    })
  })

  it('reads a weight layout with filler digits between item and value', () => {
    const layout: BarcodeLayout = { prefix: '22', itemDigits: 4, value: 'weight', valueDigits: 4 }
    const code = embedCode(layout, '5678', 345)
    expect(code.slice(0, 12)).toBe('225678000345')
    expect(readEmbeddedCode(code, [layout])).toMatchObject({ kind: 'readings', readings: [{ itemCodes: ['5678'], value: 345 }] })
  })

  it('answers corrupted for a wrong check digit and none for codes no layout reads', () => {
    const code = embedCode(weight, '12345', 500)
    const wrong = code.slice(0, 12) + String((Number(code[12]) + 1) % 10)
    expect(readEmbeddedCode(wrong, [weight])).toEqual({ kind: 'corrupted' })
    expect(readEmbeddedCode('4006381333931', [weight])).toEqual({ kind: 'none' })
    expect(readEmbeddedCode('21123', [weight])).toEqual({ kind: 'none' })
    expect(readEmbeddedCode('2112345005000X', [weight])).toEqual({ kind: 'none' })
    // A layout that needs more than twelve digits never applies.
    expect(readEmbeddedCode(code, [{ prefix: '21', itemDigits: 7, value: 'price', valueDigits: 6 }])).toEqual({ kind: 'none' })
  })

  it('gives one reading per layout whose prefix matches', () => {
    const price: BarcodeLayout = { prefix: '2', itemDigits: 6, value: 'price', valueDigits: 5 }
    const code = embedCode(weight, '12345', 500)
    const read = readEmbeddedCode(code, [price, weight])
    expect(read.kind === 'readings' && read.readings.map((r) => r.layout)).toEqual([price, weight])
  })

  it('round-trips any item and value through embedCode', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), fc.integer({ min: 0, max: 99_999 }), (item, value) => {
        const read = readEmbeddedCode(embedCode(weight, item, value), [weight])
        return read.kind === 'readings' && read.readings[0].itemCodes[0] === item && read.readings[0].value === value
      })
    )
    expect(() => embedCode(weight, '1234567', 1)).toThrow(RangeError)
    expect(() => embedCode(weight, '12345', 1_000_000)).toThrow(RangeError)
  })
})
