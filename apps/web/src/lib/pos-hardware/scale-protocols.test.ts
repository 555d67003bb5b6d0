import { describe, expect, it } from 'vitest'
import { createScaleParser, parseToledoFrame } from './scale-protocols'
import { readingThousandths } from './units'

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))
/** Feeds `bytes` in the chunk sizes given (cycled): serial reads split anywhere. */
const feedChunked = (protocol: 'cas' | 'toledo', bytes: Uint8Array, sizes: number[]) => {
  const parser = createScaleParser(protocol)
  const out = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]
    out.push(...parser.push(bytes.slice(at, at + size)))
    at += size
  }
  return out
}

describe('CAS continuous output', () => {
  // Recorded from a CAS PD-II: a box put on the plate, settling, then a line cut by a reconnect.
  const stream = ascii(
    'GS,+  0.000kg\r\n' + // the tail of a line we joined half-way: no status field, dropped
      'US,GS,+  0.812kg\r\nUS,GS,+  1.190kg\r\n' +
      '\x00\xff' + // line noise
      'ST,GS,+  1.234kg\r\nST,NT,-  0.010kg\r\nOL,GS,+  9.999kg\r\nST,GS,+    250 g\r\nST,GS,+  1.5lb\r\n'
  )

  it('reads every reading whatever the chunking, drops damaged lines and overloads', () => {
    const expected = [
      { value: 0.812, unit: 'kg', stable: false },
      { value: 1.19, unit: 'kg', stable: false },
      { value: 1.234, unit: 'kg', stable: true },
      { value: -0.01, unit: 'kg', stable: true },
      { value: 250, unit: 'g', stable: true },
      { value: 1.5, unit: 'lb', stable: true }
    ]
    for (const sizes of [[1], [3, 7], [5, 1, 13], [1000]])
      expect(feedChunked('cas', stream, sizes), String(sizes)).toEqual(expected)
  })

  it('drops a line damaged by a control byte in the middle', () => {
    expect(feedChunked('cas', ascii('ST,GS,+  1.2\x0334kg\r\nST,GS,+  2.000kg\r\n'), [4])).toEqual([
      { value: 2, unit: 'kg', stable: true }
    ])
  })
})

/** A Toledo frame: STX, A, B, C, six weight digits, six tare digits, CR. */
const frame = (a: number, b: number, c: number, weight: string, tare = '000000') =>
  Uint8Array.from([0x02, a, b, c, ...ascii(weight.padStart(6, ' ')), ...ascii(tare), 0x0d])
// A: bit 5 set, decimal point code in bits 0–2 (5 = three decimals, 3 = one). B: bit 5 set, bit 4 kg.
const KG3 = 0b0100101
const KG_STABLE = 0b0110000
const MOTION = 0b1000
const NEGATIVE = 0b10

describe('Mettler Toledo continuous output', () => {
  it('reads weight, sign, motion and units, resynchronising on STX after noise', () => {
    const bytes = Uint8Array.from([
      ...[0x31, 0x32, 0x0d, 0x0a], // noise before the first frame
      ...frame(KG3, KG_STABLE | MOTION, 0x20, '001190'),
      ...[0x02, 0x21, 0x30], // a frame cut short by a new STX
      ...frame(KG3, KG_STABLE, 0x20, '001234'),
      0x5a, // a checksum byte after CR
      ...frame(KG3, KG_STABLE | NEGATIVE, 0x20, '000010'),
      ...frame(0b0100010, 0b0100000, 0x21, '   250'), // grams, no decimals
      ...frame(0b0100011, 0b0100000, 0x20, '000015') // lb, one decimal
    ])
    const expected = [
      { value: 1.19, unit: 'kg', stable: false },
      { value: 1.234, unit: 'kg', stable: true },
      { value: -0.01, unit: 'kg', stable: true },
      { value: 250, unit: 'g', stable: true },
      { value: 1.5, unit: 'lb', stable: true }
    ]
    for (const sizes of [[1], [2, 9], [17], [500]]) expect(feedChunked('toledo', bytes, sizes), String(sizes)).toEqual(expected)
  })

  it('masks parity bits and refuses out-of-range frames and unknown units', () => {
    expect(parseToledoFrame(frame(KG3 | 0x80, KG_STABLE | 0x80, 0x20, '001234'))).toEqual({
      value: 1.234,
      unit: 'kg',
      stable: true
    })
    expect(parseToledoFrame(frame(KG3, KG_STABLE | 0b100, 0x20, '001234'))).toBeNull()
    expect(parseToledoFrame(frame(KG3, KG_STABLE, 0x22, '001234'))).toBeNull() // metric tons
    expect(parseToledoFrame(frame(KG3, KG_STABLE, 0x20, '0012a4'))).toBeNull()
  })

  it('answers a five-decimal reading that is not a whole thousandth, which the exact reading refuses', () => {
    const reading = parseToledoFrame(frame(0b0100111, KG_STABLE, 0x20, '123456'))!
    expect(reading.value).toBeCloseTo(1.23456, 10)
    expect(readingThousandths(reading.value)).toBeNull()
    expect(readingThousandths(parseToledoFrame(frame(0b0100111, KG_STABLE, 0x20, '123400'))!.value)).toBe(1234)
  })
})
