import { describe, expect, it, vi } from 'vitest'
import { drawerKick } from './drawer'
import { encodeReceipt } from './receipt'
import { countBytes, indexOfBytes } from './test-bytes'
import type { ReceiptData, ReceiptOptions } from './types'

const sample: ReceiptData = {
  shopName: 'Emporia Tea',
  header: 'Thank you',
  footer: 'See you soon',
  address: '1 Queen Rd',
  email: 'shop@example.com',
  phone: '2345 6789',
  orderNo: 'P-0042',
  orderId: '64b7f0c2a1b2c3d4e5f60718',
  invoiceNo: 'INV-7',
  time: '2026-11-26 10:15',
  issueTime: '2026-11-26 10:16',
  cashier: 'Till 1',
  staff: 'Amy',
  customer: 'Bob',
  couponId: 'SAVE5',
  lines: [
    { code: '4891234567890', name: 'Green tea', quantity: 2, unitPrice: '12.50', amount: '25.00' },
    { code: '2000012', name: 'Apples', quantity: 1, unitPrice: '30.00', weight: '0.500 kg', discount: '-1.00', amount: '14.00' }
  ],
  subtotal: '39.00',
  total: '39.00',
  adjustedTotal: '39.00',
  payments: [{ method: 'Cash', amount: '50.00' }],
  cashReceived: '50.00',
  change: '11.00',
  pointsEarned: 39,
  pointsUsable: 120,
  qr: '64b7f0c2a1b2c3d4e5f60718',
  labels: { total: 'TOTAL' }
}
const escPos: ReceiptOptions = { language: 'esc-pos', columns: 32, cjk: 'gb18030', invoiceType: 'normal' }

describe('encodeReceipt', () => {
  it('writes an ESC/POS receipt: initialise, text, bold total, centred QR, cut', () => {
    const bytes = encodeReceipt(sample, escPos)
    expect(Array.from(bytes.slice(0, 2))).toEqual([0x1b, 0x40]) // ESC @
    for (const text of ['Emporia Tea', 'P-0042', 'Green tea', 'INV-7', 'See you soon', 'Points usable'])
      expect(indexOfBytes(bytes, text), text).toBeGreaterThan(0)
    // The total in bold: ESC E 1, the padded line, ESC E 0.
    const total = `TOTAL${' '.repeat(32 - 5 - 5)}39.00`
    const bold = indexOfBytes(bytes, [0x1b, 0x45, 0x01])
    expect(bold).toBeGreaterThan(0)
    expect(indexOfBytes(bytes, [0x1b, 0x45, 0x01, ...Array.from(total, (c) => c.charCodeAt(0))])).toBeGreaterThan(0)
    // QR: centre (ESC a 1), model 2 (GS ( k … 1 A 2), the data stored (GS ( k … 1 P 0 …), printed (1 Q 0).
    const centre = indexOfBytes(bytes, [0x1b, 0x61, 0x01])
    const qrStore = indexOfBytes(bytes, [
      0x1d,
      0x28,
      0x6b,
      0x1b,
      0x00,
      0x31,
      0x50,
      0x30,
      ...Array.from(sample.qr!, (c) => c.charCodeAt(0))
    ])
    expect(centre).toBeGreaterThan(0)
    expect(qrStore).toBeGreaterThan(centre)
    expect(indexOfBytes(bytes, [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30])).toBeGreaterThan(qrStore)
    // A partial cut at the end, no drawer kick when not asked.
    expect(Array.from(bytes.slice(-5, -2))).toEqual([0x1d, 0x56, 0x01])
    expect(indexOfBytes(bytes, drawerKick('esc-pos'))).toBe(-1)
  })

  it('kicks the drawer after the cut when asked', () => {
    const bytes = encodeReceipt(sample, { ...escPos, openDrawer: true })
    expect(Array.from(bytes.slice(-5))).toEqual([0x1b, 0x70, 0x00, 0x32, 0xfa]) // ESC p 0 t1 t2
    expect(indexOfBytes(bytes, [0x1d, 0x56, 0x01])).toBeLessThan(bytes.length - 5)
  })

  it('writes the StarPRNT variant', () => {
    const bytes = encodeReceipt(sample, { ...escPos, language: 'star-prnt', openDrawer: true })
    expect(Array.from(bytes.slice(0, 3))).toEqual([0x1b, 0x40, 0x18])
    expect(indexOfBytes(bytes, [0x1b, 0x45])).toBeGreaterThan(0) // bold on: ESC E
    expect(indexOfBytes(bytes, [0x1b, 0x1d, 0x79, 0x44, 0x31])).toBeGreaterThan(0) // QR data: ESC GS y D 1
    expect(indexOfBytes(bytes, [0x1b, 0x64, 0x01])).toBeGreaterThan(0) // partial cut: ESC d 1
    expect(Array.from(bytes.slice(-5))).toEqual([0x1b, 0x07, 0x14, 0x14, 0x07]) // drawer: ESC BEL n1 n2 BEL
    expect(indexOfBytes(bytes, [0x1d, 0x56])).toBe(-1) // no ESC/POS cut
  })

  it('pads every line to the columns, and lays out a long invoice field by field', () => {
    for (const columns of [32, 42, 48]) {
      const text = new TextDecoder().decode(encodeReceipt(sample, { ...escPos, columns }))
      expect(text).toContain(`Sub total${' '.repeat(columns - 9 - 5)}39.00`)
    }
    const long = new TextDecoder().decode(encodeReceipt(sample, { ...escPos, invoiceType: 'long' }))
    expect(long).toContain(`Unit price${' '.repeat(32 - 10 - 5)}12.50`)
    expect(long).toContain(`Weight${' '.repeat(32 - 6 - 8)}0.500 kg`)
    const normal = new TextDecoder().decode(encodeReceipt(sample, escPos))
    expect(normal).not.toContain('Unit price')
    expect(normal).toContain('2000012 0.500 kg')
    expect(() => encodeReceipt(sample, { ...escPos, columns: 40 })).toThrow(/32, 42 or 48/)
  })

  it('prints Chinese in the printer font: GB18030 or Big5 between FS & and FS .', () => {
    const chinese = { ...sample, shopName: '中文', lines: [] }
    const gb = encodeReceipt(chinese, { ...escPos, cjk: 'gb18030' })
    expect(
      indexOfBytes(
        gb,
        [
          0x1c, 0x26, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0xd6, 0xd0, 0xce, 0xc4,
          0x1c, 0x2e
        ]
      )
    ).toBeGreaterThan(0)
    const big5 = encodeReceipt(chinese, { ...escPos, cjk: 'big5' })
    expect(indexOfBytes(big5, [0xa4, 0xa4, 0xa4, 0xe5, 0x1c, 0x2e])).toBeGreaterThan(0)
    const star = encodeReceipt(chinese, { ...escPos, language: 'star-prnt', cjk: 'big5' })
    expect(indexOfBytes(star, [0xa4, 0xa4, 0xa4, 0xe5, 0x1b, 0x71])).toBeGreaterThan(0) // … ESC q
    // A character the charset lacks (an emoji): that line goes to the rasteriser instead of a wrong glyph.
    const rasterise = vi.fn(() => ({ width: 384, height: 32, data: new Uint8ClampedArray(384 * 32 * 4).fill(255) }))
    encodeReceipt({ ...chinese, shopName: '茶 🍵' }, { ...escPos, cjk: 'big5', rasterise })
    expect(rasterise).toHaveBeenCalledWith(expect.stringContaining('茶 🍵'), 384, { bold: true, columns: 32 })
  })

  it('prints Chinese as an image when the printer has no fonts', () => {
    const rasterise = vi.fn((_text: string, width: number) => {
      const data = new Uint8ClampedArray(width * 32 * 4).fill(255)
      data.fill(0, 0, width * 4 * 4) // a black band: the printed image has dots
      return { width, height: 32, data }
    })
    const bytes = encodeReceipt({ ...sample, customer: '陳大文' }, { ...escPos, cjk: 'image', rasterise })
    expect(rasterise).toHaveBeenCalledTimes(1)
    expect(rasterise.mock.calls[0][0]).toBe(`Customer${' '.repeat(32 - 8 - 6)}陳大文`)
    expect(indexOfBytes(bytes, [0x1b, 0x2a, 0x21, 0x80, 0x01])).toBeGreaterThan(0) // ESC * 33, 384 dots wide
    expect(indexOfBytes(bytes, [0x1c, 0x26])).toBe(-1)
    expect(countBytes(bytes, [0x1b, 0x2a, 0x21])).toBe(2) // 32 dots high: two bands of 24
  })
})
